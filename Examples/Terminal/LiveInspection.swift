import Foundation
import Reflow
import ReflowDevtools

/// `--inspect PORT`: the live inspector of an example's history, served while it runs.
@MainActor
public enum LiveInspection {
    /// Serves `history`'s live inspector on 127.0.0.1:`port` and says where: on standard
    /// error, and on the full screen's first line while the app runs (standard error is
    /// hidden behind the full screen); when the port cannot be opened, says why and exits
    /// with status 1.
    ///
    /// - Parameters:
    ///   - history: The history, attached and tracing.
    ///   - port: The port from `--inspect`.
    ///   - title: The page's title.
    ///   - testSetup: How a test written from the session builds the app (the page's Test
    ///     button), if the example has one.
    /// - Returns: The running inspector; keep it for the app's life.
    public static func start<State>(_ history: History<State>, port: UInt16, title: String,
                                    testSetup: SessionTestSetup<State>? = nil) -> InspectorServer {
        announce(port) { try history.serveInspector(port: port, title: title, testSetup: testSetup) }
    }

    /// Serves `history`'s live inspector with export, import and dispatch of `actionTypes`;
    /// otherwise as ``start(_:port:title:testSetup:)``.
    ///
    /// - Parameters:
    ///   - history: The history, attached and tracing.
    ///   - port: The port from `--inspect`.
    ///   - title: The page's title.
    ///   - actionTypes: The app's action types: the page exports, imports and dispatches them.
    ///   - testSetup: How a test written from the session builds the app, if the example has one.
    /// - Returns: The running inspector; keep it for the app's life.
    public static func start<State: Codable>(_ history: History<State>, port: UInt16, title: String, actionTypes: ActionTypes,
                                             testSetup: SessionTestSetup<State>? = nil) -> InspectorServer {
        announce(port) { try history.serveInspector(port: port, actionTypes: actionTypes, title: title, testSetup: testSetup) }
    }

    private static func announce(_ port: UInt16, _ serve: () throws -> InspectorServer) -> InspectorServer {
        do {
            let server = try serve()
            FileHandle.standardError.write(Data("Inspector: \(server.url.absoluteString)\n".utf8))
            TerminalRunner.notice = "Inspector: \(server.url.absoluteString)"
            return server
        } catch {
            FileHandle.standardError.write(Data("error: --inspect \(port): \(error)\n".utf8))
            exit(1)
        }
    }
}

extension CommandLineOptions {
    /// The TCP port after `flag` (0 to 65535; 0 lets the system pick one), or `nil` without
    /// the flag; exits with status 2 and a message when the value is not a port.
    public func port(after flag: String) -> UInt16? {
        guard let text = value(after: flag) else { return nil }
        guard let port = UInt16(text) else {
            FileHandle.standardError.write(Data("error: \(flag) takes a port number from 0 to 65535 (0: any free port), not \(text)\n".utf8))
            exit(2)
        }
        return port
    }
}
