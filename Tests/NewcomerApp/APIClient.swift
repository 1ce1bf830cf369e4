import Foundation
import Reflow

enum APIError: Error, Equatable {
    case wrongPassword
    case offline
}

/// The server, as a value of closures, so tests pass their own.
struct APIClient: Sendable {
    var logIn: @Sendable (String, String) async throws -> User
    var products: @Sendable () async throws -> [Product]
    var search: @Sendable (String) async throws -> [Product]
}

extension APIClient {
    static let live = APIClient(
        logIn: { username, password in
            try await Task.sleep(for: .milliseconds(300))
            guard password == "secret" else { throw APIError.wrongPassword }
            return User(name: username, token: UUID().uuidString)
        },
        products: {
            try await Task.sleep(for: .milliseconds(300))
            return [Product(id: 1, name: "Coffee", price: 4.5), Product(id: 2, name: "Tea", price: 3)]
        },
        search: { query in
            try await Task.sleep(for: .milliseconds(200))
            return [Product(id: 3, name: query.capitalized, price: 1)]
        }
    )
}

func apiMiddleware(api: APIClient) -> Middleware<ShopState> {
    Middleware { context, action, next in
        next(action)
        switch action {
        case LoginAction.logIn(let username, let password) as LoginAction:
            context.run(.run { send in
                do {
                    let user = try await api.logIn(username, password)
                    await send(LoginAction.loggedIn(user))
                } catch {
                    await send(LoginAction.failed("Could not log in"))
                }
            })
        case CatalogAction.load as CatalogAction:
            context.run(.run { send in
                let products = (try? await api.products()) ?? []
                await send(CatalogAction.loaded(products))
            }.cancellable(id: "products", cancelInFlight: true))
        default:
            break
        }
    }
}
