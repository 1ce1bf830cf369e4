import Testing
import Reflow

// The names an app's files write as type annotations; on Apple platforms these files also
// import Foundation, UIKit or SwiftUI, whose `Selector` and `Subscription` the old names
// clashed with.

struct ShelfState: Equatable {
    var books: [String] = []
}

struct Shelve: Action { var title: String }

let shelfReducer = Reducer<ShelfState>.on(Shelve.self) { state, action in state.books.append(action.title) }

let bookCount: MemoizedSelector<ShelfState, Int> = MemoizedSelector(MemoizedSelector(\ShelfState.books)) { $0.count }

@MainActor
@Suite struct NamesIdiomTests {
    @Test func memoizedSelectorAndSubscriptionHandle_asTypeAnnotations() {
        let store = Store(reducer: shelfReducer, state: ShelfState())
        var counts: [Int] = []
        let subscription: SubscriptionHandle = store.subscribe(bookCount) { counts.append($0) }
        store.dispatch(Shelve(title: "Dune"))
        subscription.cancel()
        store.dispatch(Shelve(title: "Emma"))
        #expect(counts == [0, 1])
    }

    @Test func bindingHandle_isASubscriptionHandle_thatOutlivesItsRelease() {
        let connection = Connection(props: ShelfState(), actions: ())
        var seen: [Int] = []
        do {
            let handle: BindingHandle = connection.bind(\.books.count) { seen.append($0) }
            let asSubscription: SubscriptionHandle = handle
            _ = asSubscription
        }
        connection.props = ShelfState(books: ["Dune"])
        #expect(seen == [0, 1])
    }
}
