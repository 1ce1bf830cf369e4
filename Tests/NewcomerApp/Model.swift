import Foundation
import Reflow

// A shop app written by someone new to Reflow, from its README and articles, before trying
// any build setting: a login screen, a shop screen with a cart, a search reactor hosted as a
// slice of the store, persisted settings, effects through an API client, and specs in the
// ReRxSwift style. Kept as first written; the library, not this app, makes it compile in
// every setting .ci/compile-settings builds.

struct User: Codable, Equatable {
    var name: String
    var token: String
}

struct Product: Codable, Equatable, Identifiable {
    var id: Int
    var name: String
    var price: Double
}

struct CartLine: Equatable {
    var product: Product
    var quantity: Int
}

struct Settings: Codable, Equatable {
    var currency = "EUR"
    var showsPrices = true
}

struct ShopState: Equatable {
    var settings = Settings()
    var user: User?
    var isLoggingIn = false
    var loginError: String?
    var products: [Product] = []
    var isLoadingProducts = false
    var cart: [CartLine] = []
    var search = SearchReactor.State()
}

enum LoginAction: Action, Equatable {
    case logIn(username: String, password: String)
    case loggedIn(User)
    case failed(String)
    case logOut
}

enum CatalogAction: Action, Equatable {
    case load
    case loaded([Product])
    case add(Product)
    case remove(productID: Int)
}

struct ToggleShowsPrices: Action {}

let shopReducer = Reducer<ShopState>
    .on(LoginAction.self) { state, action in
        switch action {
        case .logIn:
            state.isLoggingIn = true
            state.loginError = nil
        case .loggedIn(let user):
            state.user = user
            state.isLoggingIn = false
        case .failed(let message):
            state.loginError = message
            state.isLoggingIn = false
        case .logOut:
            state.user = nil
            state.cart = []
        }
    }
    .on(CatalogAction.self) { state, action in
        switch action {
        case .load:
            state.isLoadingProducts = true
        case .loaded(let products):
            state.products = products
            state.isLoadingProducts = false
        case .add(let product):
            if let index = state.cart.firstIndex(where: { $0.product.id == product.id }) {
                state.cart[index].quantity += 1
            } else {
                state.cart.append(CartLine(product: product, quantity: 1))
            }
        case .remove(let productID):
            state.cart.removeAll { $0.product.id == productID }
        }
    }
    .on(ToggleShowsPrices.self) { state, _ in
        state.settings.showsPrices.toggle()
    }
