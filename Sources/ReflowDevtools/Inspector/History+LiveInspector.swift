import Foundation
import Reflow
import ReflowCore

extension History {
    /// Serves the inspector of this history, live, while the app runs: open ``InspectorServer/url``
    /// in a browser to watch actions arrive and to act on the app as Redux DevTools does.
    ///
    /// The page shows what ``inspectorHTML(title:)`` shows and follows new actions as they
    /// are recorded. Its controls jump the app to any recorded action (time travel: the
    /// store's state is replaced and every observer notified), step back and forward,
    /// pause and resume recording, and replay the session from the start. A request the
    /// inspector cannot carry out (an unknown path, a position outside the history, a
    /// body that does not parse) is answered with an HTTP error and a message, and changes
    /// nothing.
    ///
    /// ```swift
    /// #if DEBUG
    /// let history = History<AppState>()
    /// history.isTracing = true
    /// history.attach(to: store)
    /// let inspector = try history.serveInspector(port: 9091)
    /// print("Inspector:", inspector.url)  // http://127.0.0.1:9091/?token=…
    /// #endif
    /// ```
    ///
    /// For debug builds. It exposes the app's whole recorded state, and lets its page change
    /// the app, so it guards the port against the other pages a browser opens:
    /// - It listens on 127.0.0.1 unless `interface` says otherwise.
    /// - ``InspectorServer/url`` carries a random token of this run; every request but the
    ///   bare page must carry it, and the bare page without it shows no state.
    /// - It answers only requests addressed to `127.0.0.1:PORT` or `localhost:PORT` (DNS
    ///   rebinding is refused), takes changes only as `POST`s whose `Origin` is its own
    ///   page's, changes nothing on a `GET`, and refuses to be framed.
    /// - It answers at most 16 connections at once, each on a thread of its own (never
    ///   Swift concurrency's pool), gives a request 10 seconds to arrive whole, bounds
    ///   bodies by route before reading them, and drops the work of a client that left.
    /// Anyone who has the printed address (or, with ``InspectorInterface/allInterfaces``,
    /// who can reach the port and learns the token) can read and change the state. It
    /// depends on nothing but the system's sockets.
    ///
    /// With `testSetup`, the page's Test button shows the session as a Swift Testing file
    /// (``testSource(_:)``), to copy or download into the app's tests.
    ///
    /// - Parameters:
    ///   - port: The port; 0 lets the system pick one (read it from the result).
    ///   - interface: Where to listen; ``InspectorInterface/loopback`` by default.
    ///   - title: The page's title.
    ///   - testSetup: How a test written from the session builds the app's store; `nil`
    ///     (the default) shows no Test button.
    /// - Returns: The running inspector; keep it, and call ``InspectorServer/stop()`` or
    ///   release it to stop.
    /// - Throws: ``InspectorServerError`` when the port cannot be opened.
    public func serveInspector(port: UInt16 = 0, interface: InspectorInterface = .loopback,
                               title: String = "Reflow history", testSetup: SessionTestSetup<State>? = nil) throws -> InspectorServer {
        try serveInspector(port: port, interface: interface, title: title, exchange: nil, testSetup: testSetup)
    }

    func serveInspector(port: UInt16, interface: InspectorInterface, title: String, exchange: InspectorExchange?,
                        testSetup: SessionTestSetup<State>? = nil,
                        requestDeadline: Duration = InspectorServer.requestDeadline) throws -> InspectorServer {
        var writeTest: (@MainActor () throws -> String)?
        if let testSetup {
            writeTest = { [weak self] in try self?.testSource(testSetup) ?? "" }
        }
        let routes = InspectorRoutes(history: self, title: title, exchange: exchange, writeTest: writeTest)
        return try InspectorServer(interface: interface, port: port, requestDeadline: requestDeadline) { request in
            routes.respond(to: request)
        }
    }
}

extension History where State: Codable {
    /// Serves the inspector of this history, live, with export, import and dispatch: the
    /// page's Export downloads the session (``exportJSON(actionTypes:)``), its Import loads
    /// one (``importJSON(_:actionTypes:)``; the app's state changes only when you jump), and
    /// its Dispatch form sends the app an action of a registered type, written as JSON
    /// (the latest recorded one of that type is the form's starting point).
    /// Otherwise the same as ``serveInspector(port:interface:title:testSetup:)``.
    ///
    /// - Parameters:
    ///   - port: The port; 0 lets the system pick one.
    ///   - interface: Where to listen; ``InspectorInterface/loopback`` by default.
    ///   - actionTypes: The action types an export may hold, and the page may dispatch.
    ///   - title: The page's title.
    ///   - testSetup: How a test written from the session builds the app's store; `nil`
    ///     (the default) shows no Test button.
    /// - Returns: The running inspector.
    /// - Throws: ``InspectorServerError`` when the port cannot be opened.
    public func serveInspector(port: UInt16 = 0, interface: InspectorInterface = .loopback,
                               actionTypes: ActionTypes, title: String = "Reflow history",
                               testSetup: SessionTestSetup<State>? = nil) throws -> InspectorServer {
        try serveInspector(port: port, interface: interface, title: title,
                           exchange: InspectorExchange(history: self, actionTypes: actionTypes), testSetup: testSetup)
    }
}
