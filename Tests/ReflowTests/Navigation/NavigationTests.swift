import Testing
import Reflow
import ReflowTesting

/// Navigation as state: a stack of screens with stable identities and a presented
/// destination, changed by actions, built from deep links, and followed by the views
/// (the SwiftUI glue's two-way bindings), with a screen's effects ending with the screen.
@MainActor
@Suite struct NavigationTests {
    @Test func pushPopAndPopTo_keepIdentitiesStable() async {
        let store = TestStore(reducer: navReducer, state: NavState())
        await store.send(NavigationAction.push(NavScreen.repository("apple/swift"))) {
            $0.path.push(.repository("apple/swift"))
        }
        await store.send(NavigationAction.push(NavScreen.issues(repository: "apple/swift", starred: 0))) {
            $0.path.push(.issues(repository: "apple/swift", starred: 0))
        }
        await store.send(NavigationAction.push(NavScreen.issue(1))) { $0.path.push(.issue(1)) }
        let ids = store.state.path.ids
        #expect(ids.count == 3 && Set(ids).count == 3)
        await store.send(NavigationAction<NavScreen>.pop) { $0.path.pop() }
        await store.send(NavigationAction.push(NavScreen.issue(2))) { $0.path.push(.issue(2)) }
        #expect(store.state.path.ids.last.map { !ids.contains($0) } == true)   // a new identity
        #expect(Array(store.state.path.ids.prefix(2)) == Array(ids.prefix(2)))  // the others stay
        await store.send(NavigationAction<NavScreen>.popTo(ids[0])) { $0.path.pop(to: ids[0]) }
        #expect(store.state.path.screens == [.repository("apple/swift")])
        await store.send(NavigationAction<NavScreen>.popToRoot) { $0.path.popToRoot() }
        #expect(store.state.path.isEmpty)
        await store.send(NavigationAction<NavScreen>.pop)   // nothing to pop: nothing changes
        await store.finish()
    }

    @Test func aChildsActions_reachItsScreen_andTheParentsReducer() async {
        let store = TestStore(reducer: navReducer, state: NavState())
        await store.send(NavigationAction.push(NavScreen.issues(repository: "apple/swift", starred: 0))) {
            $0.path.push(.issues(repository: "apple/swift", starred: 0))
        }
        let id = store.state.path.ids[0]
        await store.send(NavigationAction<NavScreen>.screen(id, Star())) {
            $0.path[id: id] = .issues(repository: "apple/swift", starred: 1)   // the screen's reducer
            $0.starsSeenByParent = 1                                           // the parent's
        }
        await store.send(NavigationAction<NavScreen>.pop) { $0.path.pop() }
        await store.send(NavigationAction<NavScreen>.screen(id, Star())) {       // the screen is gone
            $0.starsSeenByParent = 2
        }
        await store.finish()
    }

    @Test func deepLinks_buildTheStack_andTheStackGivesItsLinkBack() async {
        let link = "/repos/apple/swift/issues/apple/swift/42"
        let stack = ScreenStack<NavScreen>(path: link, route: NavScreen.route)
        #expect(stack?.screens == [.repository("apple/swift"), .issues(repository: "apple/swift", starred: 0), .issue(42)])
        #expect(stack?.path(NavScreen.link) == link)
        #expect(ScreenStack<NavScreen>(path: "/repos/apple", route: NavScreen.route) == nil)   // incomplete
        #expect(ScreenStack<NavScreen>(path: "/unknown", route: NavScreen.route) == nil)
        #expect(ScreenStack<NavScreen>(path: "/", route: NavScreen.route)?.isEmpty == true)

        let store = TestStore(reducer: navReducer, state: NavState())
        await store.send(NavigationAction.push(NavScreen.repository("old/one"))) { $0.path.push(.repository("old/one")) }
        await store.send(NavigationAction.replace(stack?.screens ?? [])) {
            $0.path.replace(with: [.repository("apple/swift"), .issues(repository: "apple/swift", starred: 0), .issue(42)])
        }
        await store.finish()
    }

    /// Seeded random links built from random stacks come back as the same screens.
    @Test func randomStacks_roundTripThroughTheirLinks() {
        var random = SeededRandom(seed: modelFirstSeed())
        for _ in 0..<modelProgramCount(default: 500) {
            let screens = (0..<Int.random(in: 0...10, using: &random)).map { _ -> NavScreen in
                switch Int.random(in: 0..<3, using: &random) {
                case 0: return .repository(random.pick(["a/b", "apple/swift", "x/y"]))
                case 1: return .issues(repository: random.pick(["a/b", "x/y"]), starred: 0)
                default: return .issue(Int.random(in: 0...999, using: &random))
                }
            }
            let link = ScreenStack(screens).path(NavScreen.link)
            #expect(ScreenStack<NavScreen>(path: link, route: NavScreen.route)?.screens == screens, "\(link)")
        }
    }

    @Test func aScreensEffects_areCancelledWhenItIsPopped() async {
        let clock = TestClock()
        let loading = Effects<NavState>
            .on(NavigationAction<NavScreen>.self) { action, state in
                guard case .push(.issues(let repository, _)) = action, let id = state.path.ids.last else { return .none }
                return Effect<any Action>.run { send in
                    try await clock.sleep(for: .seconds(1))
                    await send(IssuesLoaded(repository: repository))
                }
                .cancellable(id: id)
            }
        let effects = Effects.combine(loading, .cancellingEffects(ofScreensLeaving: \.path))
        let store = TestStore(reducer: navReducer, state: NavState(), middleware: [effects.middleware])
        await store.send(NavigationAction.push(NavScreen.issues(repository: "a/b", starred: 0))) {
            $0.path.push(.issues(repository: "a/b", starred: 0))
        }
        await clock.advance(by: .seconds(1))
        await store.receive(IssuesLoaded(repository: "a/b")) { $0.loaded.append("a/b") }
        await store.send(NavigationAction.push(NavScreen.issues(repository: "x/y", starred: 0))) {
            $0.path.push(.issues(repository: "x/y", starred: 0))
        }
        await store.send(NavigationAction<NavScreen>.pop) { $0.path.pop() }     // before it loaded
        await clock.advance(by: .seconds(5))
        await store.finish()                                                 // nothing arrives
        #expect(store.state.loaded == ["a/b"])
    }

    @Test func presentation_presentsAndDismisses() async {
        let store = TestStore(reducer: navReducer, state: NavState())
        await store.send(PresentationAction.present(NavDestination.settings)) { $0.destination = .settings }
        await store.send(PresentationAction.present(NavDestination.about)) { $0.destination = .about }
        await store.send(PresentationAction<NavDestination>.dismiss) { $0.destination = nil }
        await store.finish()
    }

    /// The glue's bindings: the view's path and the state's stack never drift, whichever
    /// side moves; a sheet swiped down is dismissed in the state.
    @Test func stackAndSheetBindings_followTheState_andTheStateFollowsTheView() {
        let store = Store(reducer: navReducer, state: NavState())
        let model = ObservableStore(store)
        let path = model.twoWayBinding(\.path)
        let sheet = model.twoWayBinding(presenting: \.destination)
        for repository in ["a/b", "c/d", "e/f"] { store.dispatch(NavigationAction.push(NavScreen.repository(repository))) }
        let ids = store.state.path.ids
        #expect(path.value == ids)
        path.value = Array(ids.prefix(1))                      // the user swiped back twice
        #expect(store.state.path.ids == Array(ids.prefix(1)))
        let foreign = ScreenStack<NavScreen>(Array(repeating: .issue(0), count: 9)).ids.last!
        path.value = [ids[0], foreign]                         // a path the state does not have
        #expect(path.value == Array(ids.prefix(1)) && store.state.path.ids == Array(ids.prefix(1)))
        store.dispatch(PresentationAction.present(NavDestination.settings))
        #expect(sheet.value == .settings)
        sheet.value = nil                                      // swiped down
        #expect(store.state.destination == nil)
        sheet.value = .about
        #expect(store.state.destination == .about)
    }
}

private enum NavScreen: Equatable {
    case repository(String)
    case issues(repository: String, starred: Int)
    case issue(Int)

    /// The path components of a link to the screen.
    static func link(_ screen: NavScreen) -> [String] {
        switch screen {
        case .repository(let name): ["repos"] + name.split(separator: "/").map(String.init)
        case .issues(let repository, _): ["issues"] + repository.split(separator: "/").map(String.init)
        case .issue(let number): ["\(number)"]
        }
    }

    /// Reads one screen from the front of a link's components.
    static func route(_ components: inout ArraySlice<Substring>) -> NavScreen? {
        guard let first = components.first else { return nil }
        if first == "repos" {
            guard components.count >= 3 else { return nil }
            let owner = components[components.startIndex + 1], name = components[components.startIndex + 2]
            components.removeFirst(3)
            return .repository("\(owner)/\(name)")
        }
        if first == "issues" {
            guard components.count >= 3 else { return nil }
            let owner = components[components.startIndex + 1], name = components[components.startIndex + 2]
            components.removeFirst(3)
            return .issues(repository: "\(owner)/\(name)", starred: 0)
        }
        guard let number = Int(first) else { return nil }
        components.removeFirst()
        return .issue(number)
    }
}

private enum NavDestination: Equatable { case settings, about }

private struct Star: Action {}
private struct IssuesLoaded: Action, Equatable { var repository: String }

private struct NavState: Equatable {
    var path = ScreenStack<NavScreen>()
    var destination: NavDestination?
    var starsSeenByParent = 0
    var loaded: [String] = []
}

private let navScreenReducer = Reducer<NavScreen>.on(Star.self) { screen, _ in
    if case .issues(let repository, let starred) = screen { screen = .issues(repository: repository, starred: starred + 1) }
}

private let navReducer = Reducer<NavState>.combine(
    .navigation(\.path, screen: navScreenReducer),
    .presentation(\.destination),
    .on(NavigationAction<NavScreen>.self) { state, action in
        if case .screen(_, let child) = action, child is Star { state.starsSeenByParent += 1 }
    },
    .on(IssuesLoaded.self) { state, action in state.loaded.append(action.repository) }
)
