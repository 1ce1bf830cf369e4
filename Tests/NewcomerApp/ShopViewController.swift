import Foundation
import Reflow
#if canImport(UIKit)
import UIKit
#endif

struct ShopProps: Equatable {
    var rows: [String]
    var cartCount: Int
    var total: String
    var isLoading: Bool
    var searchResults: [String]
}

struct ShopActions {
    var reload: () -> Void
    var add: (Product) -> Void
    var remove: (Int) -> Void
    var search: (String) -> Void
    var togglePrices: () -> Void
}

func shopProps(_ state: ShopState) -> ShopProps {
    let total = state.cart.reduce(0) { $0 + $1.product.price * Double($1.quantity) }
    return ShopProps(
        rows: state.products.map { product in
            state.settings.showsPrices ? "\(product.name) \(product.price) \(state.settings.currency)" : product.name
        },
        cartCount: state.cart.reduce(0) { $0 + $1.quantity },
        total: String(format: "%.2f %@", total, state.settings.currency),
        isLoading: state.isLoadingProducts,
        searchResults: state.search.results.map(\.name)
    )
}

func shopActions(_ dispatch: Dispatch) -> ShopActions {
    ShopActions(
        reload: { dispatch(CatalogAction.load) },
        add: { dispatch(CatalogAction.add($0)) },
        remove: { dispatch(CatalogAction.remove(productID: $0)) },
        search: { dispatch(ReactorAction<SearchReactor>(.updateQuery($0))) },
        togglePrices: { dispatch(ToggleShowsPrices()) }
    )
}

final class ShopViewController: UIViewController, Connectable {
    let connection = Connection(store: appStore, mapStateToProps: shopProps, mapDispatchToActions: shopActions)

    let cartBadge = UILabel()
    let totalLabel = UILabel()
    let spinner = UIActivityIndicatorView()
    private(set) var rows: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        connection.bind(\.cartCount, to: cartBadge, \.text, mapping: { "\($0)" })
        connection.bind(\.total, to: totalLabel, \.text)
        connection.bind(\.rows) { [weak self] rows in self?.rows = rows }
        connection.bind(\.isLoading) { [weak self] isLoading in
            if isLoading { self?.spinner.startAnimating() } else { self?.spinner.stopAnimating() }
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    func addTapped(row: Int) {
        actions.add(appStore.state.products[row])
    }

    func searchChanged(_ text: String) {
        actions.search(text)
    }
}
