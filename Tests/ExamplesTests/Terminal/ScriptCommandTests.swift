@testable import ExampleTerminal
import Testing

@Suite struct ScriptCommandTests {
    @Test func everyCommand_parses_andCommentsAndBlankLinesAreSkipped() throws {
        let script = """
            # a comment
            type swift language:rust

            key down 3
            key ENTER
            wait
            sleep 120
            frame
            quit
            """
        #expect(try ScriptCommand.parse(script: script) == [
            .type("swift language:rust"), .key(.down, times: 3), .key(.enter, times: 1), .wait,
            .sleep(milliseconds: 120), .frame, .quit,
        ])
    }

    @Test func aLineThatIsNotACommand_namesItsLineAndTheCommands() {
        #expect(throws: ScriptCommand.ParseError(
            line: 2, reason: "\"jump 3\" is not a command; commands are type TEXT, key NAME [TIMES], wait, sleep MILLISECONDS, frame, quit")) {
            try ScriptCommand.parse(script: "wait\njump 3")
        }
        #expect(throws: ScriptCommand.ParseError(line: 1, reason: "key down takes one optional count, a whole number above 0")) {
            try ScriptCommand.parse(script: "key down zero")
        }
        #expect(throws: ScriptCommand.ParseError(line: 1, reason: "sleep needs a number of milliseconds")) {
            try ScriptCommand.parse(script: "sleep soon")
        }
        #expect(throws: ScriptCommand.ParseError(line: 1, reason: "type needs the text to type")) {
            try ScriptCommand.parse(script: "type")
        }
        #expect((try? ScriptCommand.parse(script: "key sideways")) == nil)
    }
}
