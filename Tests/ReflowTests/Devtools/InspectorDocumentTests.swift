import Foundation
import Testing
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

private struct Repo: Equatable { var name: String; var stars: Int }
private enum Phase: Equatable { case idle, loading(page: Int) }
private struct SearchState: Equatable {
    var query: String? = "s"
    @Pulse var alert: String? = nil
    var phase = Phase.idle
    var results: [Repo] = []
    var tags: [String: Int] = ["b": 2, "a": 1]
}

private struct SetResults: Action { var results: [Repo] }
private struct SetQuery: Action { var query: String? }
private struct SetPhase: Action { var phase: Phase }

private let searchReducer = Reducer<SearchState>
    .on(SetResults.self) { state, action in state.results = action.results }
    .on(SetQuery.self) { state, action in state.query = action.query }
    .on(SetPhase.self) { state, action in state.phase = action.phase }

/// What the inspector page is given: values rather than storage, lists diffed by element,
/// short names, each observer once, and trees stored as patches between full ones.
@MainActor
@Suite struct InspectorDocumentTests {
    @Test func theTree_showsValues_notStorage() {
        let tree = InspectorTree(of: SearchState())
        let byLabel = Dictionary(uniqueKeysWithValues: tree.children.map { ($0.label, $0) })
        #expect(byLabel["query"]?.value == #""s""#)          // an optional as its value
        #expect(byLabel["alert"]?.value == "nil")            // @Pulse as its wrapped value, named as written
        #expect(byLabel["_alert"] == nil)
        #expect(byLabel["phase"]?.value == ".idle")
        #expect(byLabel["results"]?.value == "0 elements")
        #expect(byLabel["tags"]?.children.map(\.label) == ["[\"a\"]", "[\"b\"]"])
        let loading = InspectorTree(of: Phase.loading(page: 2))
        #expect(loading.value == ".loading" && loading.children.map(\.label) == ["page"])
    }

    @Test func replacingAList_diffsByElement() {
        let old = InspectorTree(of: [Repo(name: "a", stars: 1), Repo(name: "b", stars: 2), Repo(name: "c", stars: 3)])
        let new = InspectorTree(of: [Repo(name: "a", stars: 1), Repo(name: "c", stars: 3), Repo(name: "d", stars: 4), Repo(name: "e", stars: 5)])
        #expect(InspectorDiff.lines(from: old, to: new) == [
            #"− [1]: Repo(name: "b", stars: 2)"#,
            #"+ [2]: Repo(name: "d", stars: 4)"#,
            #"+ [3]: Repo(name: "e", stars: 5)"#,
        ])
        // Same length: element by element, field by field.
        let edited = InspectorTree(of: [Repo(name: "a", stars: 1), Repo(name: "b", stars: 9), Repo(name: "c", stars: 3)])
        #expect(InspectorDiff.lines(from: old, to: edited) == ["− [1].stars: 2", "+ [1].stars: 9"])
        // A new page of results: each element replaced whole, not field by field.
        let replaced = InspectorTree(of: [Repo(name: "x", stars: 7), Repo(name: "y", stars: 8), Repo(name: "z", stars: 9)])
        #expect(InspectorDiff.lines(from: old, to: replaced) == [
            #"− [0]: Repo(name: "a", stars: 1)"#, #"− [1]: Repo(name: "b", stars: 2)"#, #"− [2]: Repo(name: "c", stars: 3)"#,
            #"+ [0]: Repo(name: "x", stars: 7)"#, #"+ [1]: Repo(name: "y", stars: 8)"#, #"+ [2]: Repo(name: "z", stars: 9)"#,
        ])
    }

    @Test func patches_rebuildEveryStep_fromTheLastFullTree() throws {
        let store = Store(reducer: searchReducer, state: SearchState())
        let history = History<SearchState>()
        history.attach(to: store)
        var expected: [InspectorTree] = []
        for step in 0..<25 {
            switch step % 3 {
            case 0: store.dispatch(SetResults(results: (0..<step).map { Repo(name: "r\($0)", stars: $0) }))
            case 1: store.dispatch(SetQuery(query: step % 2 == 0 ? nil : "q\(step)"))
            default: store.dispatch(SetPhase(phase: .loading(page: step)))
            }
            expected.append(InspectorTree(of: store.state))
        }
        let payload = InspectorDocument(history: history).payload(title: "t", since: nil, revision: nil, isLive: false)
        let steps = try #require(payload["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["full"] == nil ? nil : $0["seq"] as? Int } == [1, 10, 20])
        var tree: [String: Any] = [:]
        for (offset, step) in steps.enumerated() {
            if let full = step["full"] as? [String: Any] {
                tree = full
            } else {
                for patch in try #require(step["patch"] as? [[Any]]) {
                    tree = Self.apply(path: try #require(patch[0] as? [String]), subtree: try #require(patch[1] as? [String: Any]), to: tree)
                }
            }
            #expect(NSDictionary(dictionary: tree).isEqual(to: expected[offset].json), "step \(offset + 1)")
        }
    }

    @Test func hostedMutations_haveShortNames_andTracesNameEachObserverOnce() {
        let mutation = ReactorMutation<CounterReactor>(mutation: .setLoading(true), hostID: ObjectIdentifier(Repo.self))
        #expect(String(describing: mutation) == "CounterReactor.Mutation.setLoading(true)")
        #expect(InspectorDocument<SearchState>.shortName(of: mutation) == "setLoading(true)")
        #expect(InspectorDocument<SearchState>.shortName(of: SetQuery(query: "x")) == #"SetQuery(query: Optional("x"))"#)
        var trace = UpdateTrace(action: "a", reducers: ["r"], changedKeyPaths: [".query"])
        trace.evaluated = ["Connection 2 (SearchProps)", "subscription 1", "Connection 2 (SearchProps)"]
        trace.fired = ["Connection 2 (SearchProps)", "Connection 2 (SearchProps)"]
        #expect(InspectorDocument<SearchState>.traceLines(trace) == [
            "reducers:  r", "changed:   .query",
            "evaluated: Connection 2 (SearchProps), subscription 1", "fired:     Connection 2 (SearchProps)",
        ])
    }

    static func apply(path: [String], subtree: [String: Any], to tree: [String: Any]) -> [String: Any] {
        guard let label = path.first else { return subtree }
        var tree = tree
        var children = tree["c"] as? [[String: Any]] ?? []
        if let index = children.firstIndex(where: { $0["l"] as? String == label }) {
            children[index] = apply(path: Array(path.dropFirst()), subtree: subtree, to: children[index])
        }
        tree["c"] = children
        return tree
    }
}
