import ExampleTerminal
import Testing

@Suite struct KeyDecoderTests {
    @Test func lettersArrowsAndControlKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("a\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\r\u{7F}\t\u{03}\u{04}\u{1B}[5~\u{1B}[6~".utf8))
        #expect(keys == [.character("a"), .up, .down, .right, .left, .enter, .backspace, .tab, .interrupt, .endOfInput,
                         .pageUp, .pageDown])
    }

    @Test func anEscapeAloneAtTheEndOfARead_isTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode([0x1B, UInt8(ascii: "x")]) == [.escape, .character("x")])
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
