#if os(macOS) || os(Linux)  // starts processes in a pseudo-terminal
import Foundation
import Testing

/// The examples in a real pseudo-terminal, sent the exact bytes xterm and tmux send for
/// editing keys: nothing a terminal sends for a key ends up as text.
@Suite struct TerminalKeysTests {
    @Test func aTextField_editsWithTheKeysXtermAndTmuxSend() async throws {
        let terminal = try PseudoTerminal(executable: "SimpleTextField")
        #expect(await terminal.waitFor("\u{1B}[?2004h"), "it turns bracketed paste on")
        #expect(await terminal.waitFor("type to edit"))
        var mark = terminal.mark
        terminal.send("abcd")
        #expect(await terminal.waitFor("[abcd▏", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}[D\u{1B}OD")                       // ← in normal and application mode
        #expect(await terminal.waitFor("[ab▏cd", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}[3~")                              // Delete: forward
        #expect(await terminal.waitFor("[ab▏d", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}[1~X")                             // tmux's Home, then a letter
        #expect(await terminal.waitFor("[X▏abd", after: mark))
        mark = terminal.mark
        // xterm's End, then F1, Ctrl-↑, Insert, Shift-F5 and a cursor report: no text.
        terminal.send("\u{1B}[F\u{1B}OP\u{1B}[1;5A\u{1B}[2~\u{1B}[15;2~\u{1B}[12;40R!")
        #expect(await terminal.waitFor("[Xabd!▏", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}[200~hi\r\nthere\u{1B}[201~")      // a bracketed paste: one edit
        #expect(await terminal.waitFor("[Xabd!hithere▏", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}")                                 // a lone Escape: clears
        #expect(await terminal.waitFor("[▏ ", after: mark))
        terminal.send("\u{03}")
        _ = await terminal.waitForExit()
        #expect(!terminal.output.contains("[3~") && !terminal.output.contains("[1~"))
    }

    /// Bug: Delete cleared the query (Escape) and searched for "[3~".
    @Test func searchQuery_ignoresDeleteAndFunctionKeys() async throws {
        let terminal = try PseudoTerminal(executable: "GitHubSearch", arguments: ["--latency", "10"])
        #expect(await terminal.waitFor("type to search the offline catalogue"))
        var mark = terminal.mark
        terminal.send("rust")
        #expect(await terminal.waitFor("Search: rust▏", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}[3~\u{1B}[H\u{1B}OP\u{1B}[24~y")
        #expect(await terminal.waitFor("Search: rusty▏", after: mark))
        terminal.send("\u{03}")
        _ = await terminal.waitForExit()
        #expect(!terminal.output.contains("[3~"))
    }

    /// Bug: `--inspect`'s address went to standard error only, behind the full screen.
    @Test func theInspectorsAddress_showsOnTheFullScreen_andAfterItEnds() async throws {
        let terminal = try PseudoTerminal(executable: "GitHubSearch", arguments: ["--inspect", "0"])
        #expect(await terminal.waitFor("type to search the offline catalogue"))
        let enter = try #require(terminal.output.range(of: "\u{1B}[?1049h"))
        #expect(terminal.output[enter.upperBound...].contains(" Inspector: http://127.0.0.1:"))
        terminal.send("\u{03}")
        _ = await terminal.waitForExit()
        let afterScreen = try #require(terminal.output.range(of: "\u{1B}[?1049l"))
        #expect(terminal.output[afterScreen.upperBound...].contains("Inspector: http://127.0.0.1:"))
    }

    /// Bug: Login's username became "offline[3~" after Delete.
    @Test func loginFields_takeDeleteAsAKey() async throws {
        let terminal = try PseudoTerminal(executable: "Login")
        #expect(await terminal.waitFor("Tab: next field"))
        var mark = terminal.mark
        terminal.send("offline")
        #expect(await terminal.waitFor("offline▏", after: mark))
        mark = terminal.mark
        terminal.send("\u{1B}[D\u{1B}[3~")
        #expect(await terminal.waitFor("offlin▏", after: mark))
        terminal.send("\u{03}")
        _ = await terminal.waitForExit()
        #expect(!terminal.output.contains("[3~"))
    }
}
#endif
