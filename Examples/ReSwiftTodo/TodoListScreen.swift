import ReflowReSwift

/// The old screen, unchanged: a `StoreSubscriber` that selects what it shows.
@MainActor
final class TodoListScreen: @preconcurrency StoreSubscriber {
    private(set) var lines: [String] = []
    private let render: ([String]) -> Void

    init(render: @escaping ([String]) -> Void) {
        self.render = render
    }

    func newState(state: [Todo]) {
        lines = state.map { "[\($0.isDone ? "x" : " ")] \($0.id). \($0.title)" }
        render(lines)
    }
}
