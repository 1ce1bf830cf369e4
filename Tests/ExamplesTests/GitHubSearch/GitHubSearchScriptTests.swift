import Foundation
import Testing
import ExampleTerminal
import GitHubSearchKit

/// GitHubSearch without a terminal: a script on standard input, or none at all.
@Suite struct GitHubSearchScriptTests {
    @Test func withStandardInputClosed_itShowsAShortDemo_andExitsZero() async throws {
        let run = try await ExampleProcess.run("GitHubSearch")
        #expect(run.status == 0)
        #expect(run.output.contains("short demo"))
        #expect(run.output.contains("(cancelled the search for “s”)"))
        #expect(run.output.contains("30 of "))
        #expect(run.output.contains("https://github.com/"))
        #expect(run.output.contains("rust-lang/rust"))
        #expect(!run.output.contains("\u{1B}["), "no escape sequences outside a terminal")
    }

    @Test func aScriptOnStandardInput_printsAFrameAfterEachCommandThatChangedIt() async throws {
        let run = try await ExampleProcess.run("GitHubSearch", arguments: ["--latency", "10"],
                                               input: "type ripgrep\nwait\nkey down\nframe\n")
        #expect(run.status == 0)
        let headings = run.output.split(separator: "\n").filter { $0.hasPrefix("── GitHubSearch · ") }
            .map { $0.replacing(/\s─+$/, with: "") }
        #expect(headings == ["── GitHubSearch · start", "── GitHubSearch · type ripgrep", "── GitHubSearch · wait",
                             "── GitHubSearch · frame"], "key down on the only row changes nothing")
        #expect(run.output.contains("> BurntSushi/ripgrep"))
        #expect(run.output.contains("all 1 shown"))
    }

    @Test func aScriptWithABadLine_saysWhich_andExitsTwo() async throws {
        let run = try await ExampleProcess.run("GitHubSearch", input: "type swift\nfly away\n")
        #expect(run.status == 2)
        #expect(run.errors.contains("script line 2: \"fly away\" is not a command"))
    }

    @Test func badOptions_sayWhatToWrite() async throws {
        let run = try await ExampleProcess.run("GitHubSearch", arguments: ["--latency", "soon"])
        #expect(run.status == 2)
        #expect(run.errors.contains("--latency takes a number of milliseconds, not soon"))
        let link = try await ExampleProcess.run("GitHubSearch", arguments: ["--open", "ripgrep"])
        #expect(link.status == 2)
        #expect(link.errors.contains("--open takes a repository as OWNER/NAME (apple/swift), not ripgrep"))
    }
}

/// A search that cannot reach GitHub, with the longest reason a socket gives.
private struct UnreachableGitHub: RepositorySearching {
    var sourceName: String { "GitHub (live)" }
    func search(_ query: String, page: Int) async throws -> SearchPage {
        throw SearchError.unreachable("The Internet connection appears to be offline; no route to host api.github.com")
    }
}

/// An error's advice is wrapped, never cut at the screen's edge.
@MainActor
@Suite struct SearchStatusWrappingTests {
    @Test(arguments: [100, 80, 60])
    func anUnreachableError_isShownWhole_atAnyWidth(columns: Int) async {
        let app = SearchApp.make(api: UnreachableGitHub())
        _ = app.screen.handle(.character("s"))
        await app.screen.waitForEffects()
        // What the terminal shows: each line fitted to the width, as the session draws it.
        let screen = app.screen.frame(size: TerminalSize(columns: columns, rows: 24)).map { $0.fitted(to: columns) }
        let text = screen.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("check the network, or run without --live"), "\(screen.joined(separator: "\n"))")
        #expect(screen.count == 24)
    }
}

/// Bug: a query longer than the line was cut at its end, hiding what was being typed.
@MainActor
@Suite struct SearchQueryLineTests {
    @Test(arguments: [80, 40])
    func aLongQuery_showsItsEnd_withTheCaret(columns: Int) async {
        let app = SearchApp.make(api: UnreachableGitHub())
        let query = "swift-" + String(repeating: "abcdefghij", count: 10) + "-END"
        for character in query { _ = app.screen.handle(.character(character)) }
        let line = app.screen.frame(size: TerminalSize(columns: columns, rows: 24))[1].fitted(to: columns)
        #expect(line.hasPrefix(" Search: …"), "\(line)")
        #expect(line.contains("-END▏"), "\(line)")
        #expect(line.displayWidth == columns)
    }
}
