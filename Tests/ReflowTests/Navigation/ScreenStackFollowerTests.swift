import Testing
import Reflow

/// The UIKit glue's logic, with plain objects standing for view controllers: the
/// controllers follow the stack (kept for screens that stay, made for new ones), and the
/// stack follows what the user leaves shown after going back.
@MainActor
@Suite struct ScreenStackFollowerTests {
    @Test func controllersFollowTheStack_andTheStackFollowsTheBackGesture() {
        let store = Store(reducer: .navigation(\FollowedState.path), state: FollowedState())
        var shows: [[String]] = []
        let root = FakeController(title: "root")
        var made = 0
        let follower = ScreenStackFollower(store: store, stack: \.path,
                                           make: { _, screen in made += 1; return FakeController(title: screen) },
                                           show: { shows.append($0.map(\.title)) })
        #expect(shows == [[]])
        for title in ["a", "b", "c"] { store.dispatch(NavigationAction.push(title)) }
        #expect(shows.last == ["a", "b", "c"] && made == 3)
        let first = follower.controllers[0]
        store.dispatch(NavigationAction<String>.pop)
        #expect(shows.last == ["a", "b"] && made == 3)           // kept, none made
        #expect(follower.controllers[0] === first)

        let showsBefore = shows.count
        follower.didShow([root] + follower.controllers.prefix(1))  // the user swiped back once
        #expect(store.state.path.screens == ["a"])
        #expect(shows.count == showsBefore)                      // the view shows it already
        follower.didShow([root] + follower.controllers)          // nothing changed: no action
        #expect(store.state.path.screens == ["a"])

        store.dispatch(NavigationAction.replace(["x", "y"]))     // a deep link
        #expect(shows.last == ["x", "y"] && made == 5)
        #expect(follower.controllers[0] !== first)
    }
}

private struct FollowedState: Equatable {
    var path = ScreenStack<String>()
}

@MainActor private final class FakeController {
    let title: String
    init(title: String) { self.title = title }
}
