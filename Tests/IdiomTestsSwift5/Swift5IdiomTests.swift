import Dispatch
import Testing
import Reflow
import ReflowTesting

// The idioms in Swift 5 language mode, as older apps are written: ReRxSwift's plain
// file-scope closures with no isolation (their inner closures call `dispatch` from a
// nonisolated context), free and static functions, local lets, inline closures, a
// Connectable view controller, ReactorKit's reactor and view, and a dispatch from a
// background queue, which hops to the main actor.

struct CounterState: Equatable {
    var count = 0
}

struct IncreaseBy: Action, Equatable { var amount: Int }

let counterReducer = Reducer<CounterState>.on(IncreaseBy.self) { state, action in state.count += action.amount }

struct CounterProps: Equatable {
    let countText: String
}

struct CounterActions {
    let increase: (Int) -> Void
}

// ReRxSwift's README, exactly: no isolation on the globals.
private let mapStateToProps = { (appState: CounterState) in
    CounterProps(countText: "\(appState.count)")
}

private let mapDispatchToActions = { (dispatch: Dispatch) in
    CounterActions(increase: { dispatch(IncreaseBy(amount: $0)) })
}

func counterActions(_ dispatch: Dispatch) -> CounterActions {
    CounterActions(increase: { dispatch(IncreaseBy(amount: $0 * 10)) })
}

enum CounterMapping {
    static func props(_ state: CounterState) -> CounterProps { CounterProps(countText: "#\(state.count)") }
    static func actions(_ dispatch: Dispatch) -> CounterActions {
        CounterActions(increase: { dispatch(IncreaseBy(amount: $0)) })
    }
}

/// Stands in for `UILabel`.
final class Label {
    var text: String?
}

final class CounterViewController: Connectable {
    struct Props: Equatable { let countText: String }
    struct Actions { let increase: () -> Void }

    let connection: Connection<CounterState, Props, Actions>
    let label = Label()

    @MainActor init(store: Store<CounterState>) {
        connection = Connection(store: store, mapStateToProps: viewControllerProps, mapDispatchToActions: viewControllerActions)
    }

    @MainActor func viewDidLoad() { connection.bind(\Props.countText, to: label, \.text) }
    @MainActor func viewWillAppear() { connection.connect() }
    @MainActor func viewDidDisappear() { connection.disconnect() }
    @MainActor func plusTapped() { actions.increase() }
}

private let viewControllerProps = { (state: CounterState) in
    CounterViewController.Props(countText: "count: \(state.count)")
}

private let viewControllerActions = { (dispatch: Dispatch) in
    CounterViewController.Actions(increase: { dispatch(IncreaseBy(amount: 1)) })
}

@MainActor
@Suite struct Swift5IdiomTests {
    @Test func plainFileScopeClosures() {
        let store = Store(reducer: counterReducer, state: CounterState())
        let connection = Connection(store: store, mapStateToProps: mapStateToProps, mapDispatchToActions: mapDispatchToActions)
        connection.connect()
        connection.actions.increase(2)
        #expect(connection.props.countText == "2" && store.state.count == 2)
    }

    @Test func freeStaticLocalAndInlineMappings() {
        let store = Store(reducer: counterReducer, state: CounterState())
        let free = Connection(store: store, mapStateToProps: CounterMapping.props, mapDispatchToActions: counterActions)
        let byStatic = Connection(store: store, mapStateToProps: CounterMapping.props, mapDispatchToActions: CounterMapping.actions)
        let local: (Dispatch) -> CounterActions = { dispatch in CounterActions(increase: { dispatch(IncreaseBy(amount: -$0)) }) }
        let byLocal = Connection(store: store, mapStateToProps: CounterMapping.props, mapDispatchToActions: local)
        let inline = Connection(store: store, mapStateToProps: { CounterProps(countText: "\($0.count)!") },
                                mapDispatchToActions: { dispatch in CounterActions(increase: { dispatch(IncreaseBy(amount: $0)) }) })
        for connection in [free, byStatic, byLocal, inline] { connection.connect() }
        free.actions.increase(1)         // +10
        byStatic.actions.increase(5)     // +5
        byLocal.actions.increase(3)      // -3
        inline.actions.increase(100)     // +100
        #expect(store.state.count == 112)
        #expect(free.props.countText == "#112" && inline.props.countText == "112!")
    }

    @Test func connectableViewController() {
        let store = Store(reducer: counterReducer, state: CounterState())
        let viewController = CounterViewController(store: store)
        viewController.viewDidLoad()
        viewController.viewWillAppear()
        viewController.plusTapped()
        #expect(viewController.label.text == "count: 1")
        viewController.viewDidDisappear()
        store.dispatch(IncreaseBy(amount: 1))
        #expect(viewController.label.text == "count: 1")
        viewController.viewWillAppear()
        #expect(viewController.label.text == "count: 2")
    }

    @Test func mappingsTestedWithADispatchRecorder() {
        let recorder = DispatchRecorder()
        mapDispatchToActions(recorder.dispatch).increase(4)
        #expect(recorder.actions(of: IncreaseBy.self) == [IncreaseBy(amount: 4)])
    }

    @Test func actionCalledOnTheMainActor_dispatchesAtOnce() {
        let store = Store(reducer: counterReducer, state: CounterState())
        let connection = Connection(store: store, mapStateToProps: mapStateToProps, mapDispatchToActions: mapDispatchToActions)
        connection.actions.increase(1)
        #expect(store.state.count == 1)
    }

    @Test func actionCalledFromABackgroundQueue_hopsToTheMainActor_inOrder() async {
        let store = Store(reducer: counterReducer, state: CounterState())
        let connection = Connection(store: store, mapStateToProps: mapStateToProps, mapDispatchToActions: mapDispatchToActions)
        let actions = connection.actions
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        let counted = store.values(\.count)
        DispatchQueue.global().async {
            // A Swift 5 callback off the main thread, as network and timer code is.
            actions.increase(1)
            actions.increase(2)
            actions.increase(3)
        }
        for await count in counted where count == 6 { break }
        #expect(counts == [0, 1, 3, 6])
        subscription.cancel()
    }
}

// ReactorKit's counter from its README, in Swift 5 mode.
final class CounterViewReactor: Reactor {
    enum Action { case increase, decrease }
    enum Mutation { case increaseValue, decreaseValue }
    struct State { var value = 0 }

    let initialState = State()

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .increase: return .just(.increaseValue)
        case .decrease: return .just(.decreaseValue)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increaseValue: state.value += 1
        case .decreaseValue: state.value -= 1
        }
        return state
    }
}

final class CounterView: ReactorView {
    var bag = SubscriptionBag()
    let valueLabel = Label()

    func bind(reactor: CounterViewReactor) {
        reactor.state.map { "\($0.value)" }.bind(to: valueLabel, \.text).store(in: bag)
    }
}

@MainActor
@Suite struct Swift5ReactorKitTests {
    @Test func counterViewBoundByAssignment() {
        let view = CounterView()
        view.reactor = CounterViewReactor()
        view.reactor?.action.send(.increase)
        view.reactor?.action.send(.increase)
        view.reactor?.action.send(.decrease)
        #expect(view.valueLabel.text == "1")
    }
}

// A `@MainActor` function, as the README showed before 1.0, in a stored property's
// initializer of a main-actor view model.

@MainActor let swift5Store = Store(reducer: counterReducer, state: CounterState())

@MainActor func mainActorCounterActions(_ dispatch: Dispatch) -> CounterActions {
    CounterActions(increase: { dispatch(IncreaseBy(amount: $0)) })
}

@MainActor
final class Swift5ViewModel {
    let connection = Connection(store: swift5Store, mapStateToProps: CounterMapping.props,
                                mapDispatchToActions: mainActorCounterActions)
    let plain = Connection(store: swift5Store, mapStateToProps: mapStateToProps,
                           mapDispatchToActions: mapDispatchToActions)
}

@MainActor
@Suite struct Swift5PropertyInitializerTests {
    @Test func mainActorFunctionAndPlainClosure_inPropertyInitializers() {
        let model = Swift5ViewModel()
        model.connection.connect()
        model.plain.connect()
        model.connection.actions.increase(2)
        model.plain.actions.increase(3)
        #expect(model.connection.props.countText == "#5" && model.plain.props.countText == "5")
    }
}
