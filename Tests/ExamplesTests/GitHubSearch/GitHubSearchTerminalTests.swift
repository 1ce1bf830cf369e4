import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GitHubSearch as a person runs it: in a real pseudo-terminal, full screen, typed at.
@Suite(.serialized) struct GitHubSearchTerminalTests {
    /// The short latency keeps the test quick; paging and cancellation still go through it.
    func start() async throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: "GitHubSearch", arguments: ["--latency", "40"])
        #expect(await terminal.waitFor("\u{1B}[?1049h"), "it switches to the alternate screen")
        #expect(await terminal.waitFor("type to search the offline catalogue"))
        #expect(terminal.currentModes.isRaw, "it puts the terminal in raw mode")
        return terminal
    }

    @Test func typing_searches_pagingLoadsMore_enterShowsDetails_ctrlCRestoresTheTerminal() async throws {
        let terminal = try await start()
        var mark = terminal.mark
        terminal.send("swift")
        #expect(await terminal.waitFor("15 of ", after: mark), "the first page appears")
        #expect(terminal.output.contains("swiftlang/swift"))
        mark = terminal.mark
        terminal.send(String(repeating: "\u{1B}[B", count: 15))       // ↓ past the 15th row
        #expect(await terminal.waitFor("30 of ", after: mark), "the next page loads")
        mark = terminal.mark
        terminal.send("\r")
        #expect(await terminal.waitFor("Enter or Esc: back", after: mark), "Enter shows the details")
        #expect(await terminal.waitFor("https://github.com/", after: mark))
        terminal.send("\u{03}")                                        // Ctrl-C
        let exit = await terminal.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0)
        #expect(await terminal.waitFor("\u{1B}[?1049l", after: mark), "it leaves the alternate screen")
        #expect(terminal.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "and writes nothing after")
        #expect(terminal.currentModes.modeFlags == terminal.initialModes.modeFlags, "the terminal modes are restored")
    }

    @Test func openingADeepLink_showsTheDetails_andEscGoesBackToTheSearchBehindThem() async throws {
        let terminal = try PseudoTerminal(executable: "GitHubSearch", arguments: ["--latency", "40", "--open", "BurntSushi/ripgrep"])
        #expect(await terminal.waitFor("https://github.com/BurntSushi/ripgrep"), "it opens on the details")
        #expect(terminal.output.contains("Enter or Esc: back"))
        let mark = terminal.mark
        terminal.send("\u{1B}")                                        // Esc: Back
        #expect(await terminal.waitFor("Search: repo:BurntSushi/ripgrep", after: mark), "the search that found it")
        #expect(await terminal.waitFor("all 1 shown", after: mark))
        terminal.send("\u{03}")
        let exit = await terminal.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0)
        #expect(terminal.currentModes.modeFlags == terminal.initialModes.modeFlags)
    }

    @Test func aNewQuery_cancelsTheSearchInFlight() async throws {
        let terminal = try PseudoTerminal(executable: "GitHubSearch", arguments: ["--latency", "600"])
        #expect(await terminal.waitFor("type to search the offline catalogue"))
        let mark = terminal.mark
        terminal.send("s")                                             // searched at once, for 600 ms
        terminal.send("wift")                                          // searched when the 300 ms window ends
        #expect(await terminal.waitFor("(cancelled the search for “s”)", after: mark))
        #expect(await terminal.waitFor("15 of ", after: mark))
        terminal.send("\u{03}")
        _ = await terminal.waitForExit()
        #expect(terminal.currentModes.modeFlags == terminal.initialModes.modeFlags)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGSEGV])
    func aSignal_restoresTheTerminal_andStillEndsTheProcessWithIt(signal: Int32) async throws {
        let terminal = try await start()
        kill(terminal.process.processIdentifier, signal)
        let exit = await terminal.waitForExit()
        #expect(exit.reason == .uncaughtSignal && exit.status == signal)
        #expect(await terminal.waitFor("\u{1B}[?1049l"), "it left the alternate screen")
        #expect(terminal.currentModes.modeFlags == terminal.initialModes.modeFlags, "the terminal modes are restored")
    }
}
