import Testing
import ExampleTerminal

/// Frames are measured in terminal columns: wide characters and emoji take two, combining
/// marks none. A line measured in characters overflows by one column per wide character, and
/// a terminal then wraps it, moving every row below.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("日本", 4), ("한국어", 6), ("ｆｕｌｌ", 8), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2),
        ("❤️", 2), ("e\u{301}", 1), ("café", 4), ("", 0),
    ])
    func displayWidth_countsColumns(text: String, columns: Int) {
        #expect(text.displayWidth == columns, "\(text)")
    }

    @Test func fitted_padsAndCutsByColumns() {
        #expect("日本".fitted(to: 6) == "日本  ")
        #expect("日本語テキスト".fitted(to: 7) == "日本語…")
        #expect("日本語テキスト".fitted(to: 8) == "日本語… ")
        #expect("abc".fitted(to: 2) == "a…")
        for width in 1...12 {
            #expect("日本語👍テキストabc".fitted(to: width).displayWidth == width, "width \(width)")
        }
    }
}

/// SimpleTextField with wide characters typed keeps its layout: every frame line fits the
/// 80 columns it is drawn for, and the title line stays.
@Suite struct WideCharacterFrameTests {
    @Test func typingJapanese_andEmoji_keepsEveryLineWithinTheWidth() async throws {
        let run = try await ExampleProcess.run("SimpleTextField", input: "type 日本\nframe\ntype 👍🏽\nframe\n")
        #expect(run.status == 0)
        #expect(run.output.contains("[日本"))
        let frames = run.output.components(separatedBy: "── SimpleTextField ·").dropFirst()
        #expect(frames.count >= 4)
        for frame in frames {
            #expect(frame.contains("SimpleTextField — the field's text lives in the store"))
            for line in frame.split(separator: "\n").dropFirst() {
                #expect(String(line).displayWidth <= 80, "\(line)")
            }
        }
    }
}
