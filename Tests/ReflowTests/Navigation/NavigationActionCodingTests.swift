import Foundation
import Testing
@testable import Reflow
@testable import ReflowDevtools

/// Navigation actions and stacks in the devtools: compared, saved and read back as Swift's
/// own enums are, and written into a test from a recorded session by the stack's own
/// operations, never by fields a test cannot assign.
@MainActor
@Suite struct NavigationActionCodingTests {
    enum Stop: Equatable, Codable { case town(String), inn(beds: Int) }
    struct AddBed: Action, Equatable {}
    struct Trail: Equatable, Codable { var path = ScreenStack<Stop>() }

    @Test func actions_roundTripThroughJSON_asSwiftsOwnEnumsAre() throws {
        let actions: [NavigationAction<Stop>] = [
            .push(.inn(beds: 2)), .pop, .popTo(ScreenID(rawValue: 3)), .popToRoot,
            .keep([ScreenID(rawValue: 0), ScreenID(rawValue: 2)]), .replace([.town("a"), .town("b")]),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for action in actions {
            let data = try encoder.encode(action)
            #expect(try JSONDecoder().decode(NavigationAction<Stop>.self, from: data) == action)
        }
        #expect(String(decoding: try encoder.encode(NavigationAction<Stop>.popTo(ScreenID(rawValue: 3))), as: UTF8.self)
                == #"{"popTo":{"_0":3}}"#)
        #expect(String(decoding: try encoder.encode(NavigationAction<Stop>.pop), as: UTF8.self) == #"{"pop":{}}"#)
    }

    @Test func anActionForOneScreen_isRefused_sayingWhatToDoInstead() {
        #expect {
            try JSONEncoder().encode(NavigationAction<Stop>.screen(ScreenID(rawValue: 0), AddBed()))
        } throws: { "\($0)".contains("send the screen's action as an action of the app's own Codable type") }
        #expect {
            try JSONDecoder().decode(NavigationAction<Stop>.self, from: Data(#"{"screen":{"_0":0}}"#.utf8))
        } throws: { "\($0)".contains("cannot be decoded") }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationAction<Stop>.self, from: Data(#"{"fly":{}}"#.utf8))
        }
    }

    @Test func equality_comparesWhatTheActionsDo_andScreenActionsByValue() {
        let zero = ScreenID(rawValue: 0)
        #expect(NavigationAction<Stop>.push(.town("a")) == .push(.town("a")))
        #expect(NavigationAction<Stop>.push(.town("a")) != .push(.town("b")))
        #expect(NavigationAction<Stop>.pop != .popToRoot)
        #expect(NavigationAction<Stop>.screen(zero, AddBed()) == .screen(zero, AddBed()))
        #expect(NavigationAction<Stop>.screen(zero, AddBed()) != .screen(ScreenID(rawValue: 1), AddBed()))
        struct Opaque: Action {}
        #expect(NavigationAction<Stop>.screen(zero, Opaque()) != .screen(zero, Opaque()), "not Equatable: never equal")
        #expect(PresentationAction<Stop>.present(.town("a")) == .present(.town("a")))
    }

    /// Every kind of change to a stack, recorded, becomes the statements of the stack's own
    /// operations that make it.
    @Test func aRecordedSession_writesStackChanges_asTheStacksOperations() throws {
        let reducer = Reducer<Trail>.navigation(\.path, screen: Reducer<Stop>.on(AddBed.self) { stop, _ in
            if case .inn(let beds) = stop { stop = .inn(beds: beds + 1) }
        })
        let store = Store(reducer: reducer, state: Trail())
        let history = History<Trail>()
        history.attach(to: store)
        store.dispatch(NavigationAction.push(Stop.town("a")))
        store.dispatch(NavigationAction.push(Stop.inn(beds: 2)))
        store.dispatch(NavigationAction<Stop>.screen(store.state.path.ids[1], AddBed()))
        store.dispatch(NavigationAction.push(Stop.town("c")))
        store.dispatch(NavigationAction<Stop>.pop)
        store.dispatch(NavigationAction<Stop>.popTo(store.state.path.ids[0]))
        store.dispatch(NavigationAction<Stop>.replace([.town("b"), .town("c"), .town("d")]))
        store.dispatch(NavigationAction<Stop>.keep([store.state.path.ids[0]]))
        let source = try history.testSource(SessionTestSetup(module: "ReflowTests", reducer: "trailReducer",
                                                             state: Trail(), writtenAs: "Trail()"))
        // One statement a line, or the only one after `{ ` on the send's line.
        let statements = source.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("$0.") { return text }
            guard let start = text.range(of: "{ $0."), text.hasSuffix(" }") else { return nil }
            return String(text[text.index(start.lowerBound, offsetBy: 2)...].dropLast(2))
        }
        // Each expected statement beside the Swift it is, run on the state before: the
        // statements must make exactly the states the store recorded.
        let expected: [(String, (inout Trail) -> Void)] = [
            (#"$0.path.push(.town("a"))"#, { $0.path.push(.town("a")) }),
            ("$0.path.push(.inn(beds: 2))", { $0.path.push(.inn(beds: 2)) }),
            ("$0.path[id: $0.path.ids[1]]! = .inn(beds: 3)", { $0.path[id: $0.path.ids[1]]! = .inn(beds: 3) }),
            (#"$0.path.push(.town("c"))"#, { $0.path.push(.town("c")) }),
            ("$0.path.pop()", { $0.path.pop() }),
            ("$0.path.pop()", { $0.path.pop() }),
            ("$0.path.pop()", { $0.path.pop() }),
            (#"$0.path.push(.town("b"))"#, { $0.path.push(.town("b")) }),
            (#"$0.path.push(.town("c"))"#, { $0.path.push(.town("c")) }),
            (#"$0.path.push(.town("d"))"#, { $0.path.push(.town("d")) }),
            ("$0.path.pop(to: $0.path.ids[0])", { $0.path.pop(to: $0.path.ids[0]) }),
        ]
        #expect(statements == expected.map(\.0))
        let perAction = [1, 1, 1, 1, 1, 1, 4, 1]
        var state = Trail()
        var next = 0
        for (entry, count) in zip(history.entries, perAction) {
            for (_, statement) in expected[next..<next + count] { statement(&state) }
            next += count
            #expect(state == entry.state)
        }
        #expect(source.contains("NavigationAction<NavigationActionCodingTests.Stop>.screen(Reflow.ScreenID(rawValue: 1), NavigationActionCodingTests.AddBed())"))
    }
}
