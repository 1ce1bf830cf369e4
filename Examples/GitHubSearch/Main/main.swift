import ExampleTerminal
import Foundation
import GitHubSearchKit

// swift run GitHubSearch                      the offline catalogue, in your terminal
// swift run GitHubSearch --live               GitHub's search API instead
// swift run GitHubSearch --script FILE        keystrokes from a script; prints frames
// swift run GitHubSearch --record FILE        also writes the session as an inspector page
// swift run GitHubSearch --inspect 9091       serves the live inspector at http://127.0.0.1:9091/
// swift run GitHubSearch --write-test FILE    also writes the session as a Swift Testing file
// swift run GitHubSearch --open apple/swift   opens on a repository's details, its search behind
// swift run GitHubSearch < /dev/null          a short demo

let options = CommandLineOptions(
    usage: """
        usage: GitHubSearch [--live] [--latency MILLISECONDS] [--script FILE] [--record FILE] [--inspect PORT]
                            [--write-test FILE] [--open OWNER/NAME]
          --live          search GitHub's API instead of the offline catalogue
          --latency MS    the offline catalogue's delay per page (default 350)
          --script FILE   read commands (type TEXT, key NAME [TIMES], wait, sleep MS, frame, quit)
          --record FILE   write the session's actions as an inspector page when it ends
          --inspect PORT  serve the live inspector at http://127.0.0.1:PORT/ while it runs
          --write-test FILE  write the session as a Swift Testing file that replays it
          --open OWNER/NAME  start on that repository's details (a deep link); Esc goes back
                             to the search that found it
        In a terminal: type to search, ↑↓ to move (↓ on the last row loads more), Enter for
        details, Esc to go back or clear, Ctrl-C to quit.
        """,
    flags: ["--live"], valueFlags: ["--latency", "--script", "--record", "--inspect", "--write-test", "--open"])

let latency = options.milliseconds(after: "--latency", default: .milliseconds(350))
let api: any RepositorySearching = options.contains("--live") ? GitHubClient() : OfflineCatalog.bundled(latency: latency)
let link = options.value(after: "--open").map { path in
    guard let screens = SearchApp.screens(forLink: path) else {
        FileHandle.standardError.write(Data("error: --open takes a repository as OWNER/NAME (apple/swift), not \(path)\n".utf8))
        exit(2)
    }
    return screens
}
let app = SearchApp.make(api: api, recordPath: options.value(after: "--record").map { RecordingDestination.checked($0).path },
                         inspectPort: options.port(after: "--inspect"),
                         testPath: options.value(after: "--write-test").map { RecordingDestination.checked($0).path },
                         link: link)
exit(await TerminalRunner.run(app.screen, demoScript: SearchApp.demoScript))
