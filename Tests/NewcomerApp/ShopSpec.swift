import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct ShopSpec {
    let coffee = Product(id: 1, name: "Coffee", price: 4.5)

    @Test func props_showPricesAndTotal() {
        var state = ShopState()
        state.products = [coffee]
        state.cart = [CartLine(product: coffee, quantity: 2)]
        let props = shopProps(state)
        #expect(props.rows == ["Coffee 4.5 EUR"])
        #expect(props.cartCount == 2)
        #expect(props.total == "9.00 EUR")
    }

    @Test func actions_dispatchCatalogActions() {
        let recorder = DispatchRecorder()
        shopActions(recorder.dispatch).add(coffee)
        #expect(recorder.actions(of: CatalogAction.self).count == 1)
    }

    @Test func screen_showsTheCartCount() {
        let screen = ShopViewController()
        screen.loadViewIfNeeded()
        screen.props = ShopProps(rows: ["Coffee"], cartCount: 3, total: "13.50 EUR", isLoading: false, searchResults: [])
        #expect(screen.cartBadge.text == "3")
        #expect(screen.totalLabel.text == "13.50 EUR")
        #expect(screen.rows == ["Coffee"])
    }

    @Test func addingTwice_countsTwo() async {
        let store = TestStore(reducer: shopReducer, state: ShopState())
        await store.send(CatalogAction.add(coffee)) {
            $0.cart = [CartLine(product: self.coffee, quantity: 1)]
        }
        await store.send(CatalogAction.add(coffee)) {
            $0.cart[0].quantity = 2
        }
    }

    @Test func togglingPrices_isPersisted() async {
        let store = TestStore(reducer: shopReducer, state: ShopState())
        await store.send(ToggleShowsPrices()) {
            $0.settings.showsPrices = false
        }
    }
}
