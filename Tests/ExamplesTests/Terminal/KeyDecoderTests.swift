import ExampleTerminal
import Testing

/// The bytes real terminals send for each key, decoded. xterm's are from its control
/// sequence documentation (normal and application cursor modes); tmux's are what it sends
/// to programs inside it (TERM=screen/tmux); the Linux console's and rxvt's differ for Home,
/// End and F1–F5.
@Suite struct KeyDecoderTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func lettersArrowsAndControlKeys() {
        #expect(decode("a\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\r\u{7F}\t\u{03}\u{04}\u{1B}[5~\u{1B}[6~")
                == [.character("a"), .up, .down, .right, .left, .enter, .backspace, .tab, .interrupt, .endOfInput,
                    .pageUp, .pageDown])
    }

    @Test(arguments: [
        // xterm, normal cursor mode
        ("\u{1B}[H", Key.home), ("\u{1B}[F", .end), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
        // xterm, application cursor mode (what full-screen programs often get)
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}OM", .enter),
        // tmux
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        // rxvt
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        // with modifiers: Ctrl-↑, Shift-→, Alt-Home, Ctrl-Delete, Shift-F5
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2C", .right), ("\u{1B}[1;3H", .home), ("\u{1B}[3;5~", .delete),
        ("\u{1B}[15;2~", .function(5)),
    ])
    func navigationAndEditingKeys(bytes: String, key: Key) {
        #expect(decode(bytes) == [key], "\(Array(bytes.utf8))")
    }

    @Test func functionKeys_ofXtermTmuxAndTheLinuxConsole() {
        let xterm = "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
        #expect(decode(xterm) == (1...12).map { Key.function($0) })
        #expect(decode("\u{1B}[[A\u{1B}[[B\u{1B}[[C\u{1B}[[D\u{1B}[[E") == (1...5).map { Key.function($0) })
        #expect(decode("\u{1B}[1;2P") == [.function(1)])  // Shift-F1 in xterm
    }

    /// Bug: Delete (`ESC [ 3 ~`) was read as Escape and the text "[3~".
    @Test func unknownSequences_areReadWholeAndIgnored_neverInserted() {
        #expect(decode("a\u{1B}[99~b\u{1B}[?1;2cc\u{1B}[200;1Rd\u{1B}OXe") == [.character("a"), .character("b"), .character("c"),
                                                                            .character("d"), .character("e")])
    }

    @Test func aSequenceSplitAcrossReads_waitsForItsEnd() {
        var decoder = KeyDecoder()
        let bytes = Array("\u{1B}[15;5~x".utf8)
        for split in 1..<bytes.count {
            decoder = KeyDecoder()
            let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
            #expect(keys == [.function(5), .character("x")], "split at \(split)")
        }
    }

    /// A lone Escape is told from the start of a sequence by time: the decoder keeps it,
    /// and the caller flushes it when nothing followed within `escapeDelay`.
    @Test func aLoneEscape_isTheEscapeKey_onlyWhenFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaitingAfterEscape)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaitingAfterEscape)
        // The rest of a sequence in time: one key, no Escape.
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode(Array("[3~".utf8)) == [.delete])
        #expect(decoder.flush() == [])
        // The start of a sequence that never finished: dropped, not typed.
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("z".utf8)) == [.character("z")])
    }

    @Test func escapeFollowedByAnotherKey_inOneRead() {
        #expect(decode("\u{1B}\u{1B}") == [.escape])             // the second waits
        #expect(decode("\u{1B}x") == [.escape, .character("x")])  // Alt-x as xterm sends it
    }

    @Test func bracketedPaste_isOneKey_withoutControlCharacters() {
        #expect(decode("a\u{1B}[200~hello\r\nworld\t!\u{1B}[201~b")
                == [.character("a"), .paste("helloworld!"), .character("b")])
        // A paste of bytes that look like keys stays text.
        #expect(decode("\u{1B}[200~\u{1B}[3~x\u{1B}[201~") == [.paste("[3~x")])
    }

    @Test func bracketedPaste_splitAcrossReads_evenInItsEndMarker() {
        let bytes = Array("\u{1B}[200~héllo\u{1B}[201~z".utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
            #expect(keys == [.paste("héllo"), .character("z")], "split at \(split)")
        }
    }

    @Test func aCharacterSplitAcrossReads_isDecodedWhenComplete() {
        var decoder = KeyDecoder()
        let bytes = Array("é★".utf8)                           // 2 + 3 bytes
        #expect(decoder.decode(bytes[..<1]) == [])
        #expect(decoder.decode(bytes[1..<3]) == [.character("é")])
        #expect(decoder.decode(bytes[3...]) == [.character("★")])
    }

    @Test func otherControlBytes_areIgnored() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x01, 0x02, UInt8(ascii: "z")]) == [.character("z")])
    }
}
