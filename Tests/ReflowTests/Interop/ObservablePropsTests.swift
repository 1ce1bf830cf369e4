#if canImport(Observation)
import Observation
import Foundation
import Testing
import Reflow

@MainActor
@Suite struct ObservablePropsTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func readingProps_registersDependency_changeFiresOnce_unrelatedDoesNot() {
        let store = makeStore()
        let model = ObservableProps(Connection(store: store, mapStateToProps: { $0.count },
                                               mapDispatchToActions: { dispatch in { dispatch(Increment()) } }))
        let changes = ChangeCounter()
        withObservationTracking { _ = model.props } onChange: { changes.increment() }
        store.dispatch(SetTitle(title: "unrelated"))
        #expect(changes.count == 0)
        model.actions()
        #expect(changes.count == 1)
        #expect(model.props == 1)
    }

    // MARK: Property-level tracking

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func readingOneProp_isInvalidatedOnlyByThatProp() {
        let store = Store(reducer: profileReducer, state: ProfileState())
        let model = ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
        let titleReads = ChangeCounter()
        let countReads = ChangeCounter()
        withObservationTracking { _ = model.title } onChange: { titleReads.increment() }
        withObservationTracking { _ = model.count } onChange: { countReads.increment() }
        store.dispatch(SetCount(count: 1))
        #expect(titleReads.count == 0)          // a change to count does not touch a title reader
        #expect(countReads.count == 1)
        withObservationTracking { _ = model.count } onChange: { countReads.increment() }
        store.dispatch(SetProfileTitle(title: "new"))
        #expect(titleReads.count == 1)
        #expect(countReads.count == 1)
        #expect(model.title == "new" && model.count == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func nestedKeyPaths_dynamicMemberTracksTheTopLevelProp_subscriptTracksTheExactPath() {
        let store = Store(reducer: profileReducer, state: ProfileState())
        let model = ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
        let viaMember = ChangeCounter()
        let exactPath = ChangeCounter()
        withObservationTracking { _ = model.user.name } onChange: { viaMember.increment() }
        withObservationTracking { _ = model[\.user.name] } onChange: { exactPath.increment() }
        store.dispatch(SetAge(age: 40))
        #expect(viaMember.count == 1)           // `user` changed
        #expect(exactPath.count == 0)           // `user.name` did not, so it is still tracked
        store.dispatch(SetName(name: "Bo"))
        #expect(exactPath.count == 1)
        #expect(model.user.name == "Bo" && model[\.user.age] == 40)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func storeFace_tracksPerProperty_andDispatches() {
        let store = Store(reducer: profileReducer, state: ProfileState())
        let model = ObservableStore(store)
        let titleReads = ChangeCounter()
        let wholeReads = ChangeCounter()
        withObservationTracking { _ = model.title } onChange: { titleReads.increment() }
        withObservationTracking { _ = model.state } onChange: { wholeReads.increment() }
        model.dispatch(SetCount(count: 2))
        #expect(titleReads.count == 0)
        #expect(wholeReads.count == 1)
        #expect(model.count == 2)
        model.dispatch(SetProfileTitle(title: "x"))
        #expect(titleReads.count == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func reactorFace_tracksPerProperty_andSends() {
        let model = ObservableReactor(ProfileReactor())
        let valueReads = ChangeCounter()
        let loadingReads = ChangeCounter()
        withObservationTracking { _ = model.count } onChange: { valueReads.increment() }
        withObservationTracking { _ = model.title } onChange: { loadingReads.increment() }
        model.send(.setCount(5))
        #expect(valueReads.count == 1)
        #expect(loadingReads.count == 0)
        #expect(model.count == 5 && model.state.count == 5)
    }

    /// Seeded random programs: readers of random key paths, stored and computed
    /// (re-registering after each invalidation, as SwiftUI does) against random changes. The model: a reader is
    /// invalidated exactly when a change alters the value at its key path.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func randomReadersAndChanges_invalidateExactlyTheReadersOfChangedValues() {
        var random = SeededRandom(seed: modelFirstSeed())
        for _ in 0..<modelProgramCount(default: 100) {
            let store = Store(reducer: profileReducer, state: ProfileState())
            let model = ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
            let paths: [(String, (ObservableProps<ProfileState, ProfileState, Void>) -> AnyHashable, (ProfileState) -> AnyHashable)] = [
                ("title", { $0.title }, { $0.title }),
                ("count", { $0.count }, { $0.count }),
                ("user", { $0.user }, { $0.user }),
                ("user.name", { $0[\.user.name] }, { $0.user.name }),
                ("user.age", { $0[\.user.age] }, { $0.user.age }),
                ("summary (computed)", { $0.summary }, { $0.summary }),
            ]
            let readers = (0..<6).map { _ in Int.random(in: 0..<paths.count, using: &random) }
            let counters = readers.map { _ in ChangeCounter() }
            var expected = readers.map { _ in 0 }
            func register(_ index: Int) {
                let read = paths[readers[index]].1
                withObservationTracking { _ = read(model) } onChange: { counters[index].increment() }
            }
            for index in readers.indices { register(index) }
            for _ in 0..<20 {
                let before = store.state
                switch Int.random(in: 0..<5, using: &random) {
                case 0: store.dispatch(SetProfileTitle(title: random.pick(["a", "b"])))
                case 1: store.dispatch(SetCount(count: Int.random(in: 0...2, using: &random)))
                case 2: store.dispatch(SetName(name: random.pick(["Ann", "Bo"])))
                case 3: store.dispatch(SetAge(age: Int.random(in: 30...31, using: &random)))
                default: store.dispatch(SetCount(count: before.count))   // no change at all
                }
                for index in readers.indices where paths[readers[index]].2(before) != paths[readers[index]].2(store.state) {
                    expected[index] += 1
                    #expect(counters[index].count == expected[index])
                    register(index)                                      // SwiftUI re-reads after an invalidation
                }
            }
            #expect(counters.map(\.count) == expected)
        }
    }
}

private struct ProfileUser: Hashable { var name = "Ann"; var age = 30 }
private struct ProfileState: Equatable {
    var title = "Profile"; var count = 0; var user = ProfileUser()
    var summary: String { "\(title) \(count)" }
}
private struct SetProfileTitle: Action { var title: String }
private struct SetCount: Action { var count: Int }
private struct SetName: Action { var name: String }
private struct SetAge: Action { var age: Int }

private let profileReducer = Reducer<ProfileState>
    .on(SetProfileTitle.self) { state, action in state.title = action.title }
    .on(SetCount.self) { state, action in state.count = action.count }
    .on(SetName.self) { state, action in state.user.name = action.name }
    .on(SetAge.self) { state, action in state.user.age = action.age }

private final class ProfileReactor: Reactor {
    enum Action: Sendable { case setCount(Int) }
    let initialState = ProfileState()
    func reduce(state: ProfileState, mutation: Action) -> ProfileState {
        var state = state
        switch mutation {
        case .setCount(let count): state.count = count
        }
        return state
    }
}
/// `onChange` is `@Sendable`; a locked counter is what it may touch.
private final class ChangeCounter: @unchecked Sendable {
    // @unchecked: `value` is read and written only with `lock` held. (Synchronization's
    // Mutex would need macOS 15 and iOS 18.)
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}
#endif
