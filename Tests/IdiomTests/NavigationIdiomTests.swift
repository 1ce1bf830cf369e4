import Testing
import Reflow
import ReflowTesting

// Navigation, two-way bindings and the view faces as app code writes them, which CI
// compiles in every build setting: a screen enum, the stack in the app's state, its
// reducer, a deep link, a screen's reactor, and the bindings a view takes.

enum ShopScreen: Equatable {
    case category(String)
    case product(id: Int)
}

struct ShopNavigationState: Equatable {
    var path = ScreenStack<ShopScreen>()
    var query = ""
    var quantity = 1
}

struct SetShopQuery: Action { var query: String }
struct SetShopQuantity: Action { var quantity: Int }

let shopNavigationReducer = Reducer<ShopNavigationState>.combine(
    .navigation(\.path),
    .on(SetShopQuery.self) { state, action in state.query = action.query },
    .on(SetShopQuantity.self) { state, action in state.quantity = min(max(action.quantity, 1), 5) }
)

func shopRoute(_ components: inout ArraySlice<Substring>) -> ShopScreen? {
    guard let first = components.popFirst() else { return nil }
    if let id = Int(first) { return .product(id: id) }
    return .category(String(first))
}

final class QuantityReactor: Reactor {
    enum Action { case set(Int) }
    struct State: Equatable { var quantity = 1 }
    let initialState = State()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        if case .set(let quantity) = mutation { state.quantity = quantity }
        return state
    }
}

@MainActor
@Suite struct NavigationIdiomTests {
    @Test func stackDeepLinkAndBindings_asAnAppWritesThem() async {
        let store = Store(reducer: shopNavigationReducer, state: ShopNavigationState())
        store.dispatch(NavigationAction.push(ShopScreen.category("shoes")))
        let stack = ScreenStack<ShopScreen>(path: "/shoes/42", route: shopRoute)
        store.dispatch(NavigationAction.replace(stack?.screens ?? []))
        #expect(store.state.path.screens == [.category("shoes"), .product(id: 42)])

        let model = ObservableStore(store)
        let path = model.twoWayBinding(\.path)
        path.value = Array(path.value.prefix(1))                  // the user went back
        #expect(store.state.path.screens == [.category("shoes")])
        let quantity = model.twoWayBinding(\.quantity, send: { SetShopQuantity(quantity: $0) })
        quantity.value = 9
        #expect(quantity.value == 5)

        let connection = Connection(store: store, mapStateToProps: { $0.query }, mapDispatchToActions: { _ in () })
        connection.connect()
        let query = connection.twoWayBinding(\.self, send: { SetShopQuery(query: $0) })
        query.value = "boots"
        #expect(connection.props == "boots")

        let reactorModel = ObservableReactor(QuantityReactor())
        reactorModel.twoWayBinding(\.quantity, send: { .set($0) }).value = 3
        #expect(reactorModel.quantity == 3)
    }

    @Test func aTestStoreChecksNavigation() async {
        let store = TestStore(reducer: shopNavigationReducer, state: ShopNavigationState())
        await store.send(NavigationAction.push(ShopScreen.product(id: 7))) { $0.path.push(.product(id: 7)) }
        await store.send(NavigationAction<ShopScreen>.pop) { $0.path.pop() }
        await store.finish()
    }
}
