#if canImport(Observation)
import Observation
import Foundation
import Testing
import Reflow

/// Two-way bindings: reading gives what the state holds, setting sends the action made of
/// the new value, and a value the reducer clamps or rejects reads back as the state's and
/// makes the views that read it read again (a control then shows the state's value).
@MainActor
@Suite struct TwoWayBindingTests {
    @Test func connectionBinding_readsProps_andDispatches() {
        let store = Store(reducer: cartReducer, state: Cart())
        let connection = Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () })
        connection.connect()
        let quantity = connection.twoWayBinding(\.quantity, send: { SetQuantity(quantity: $0) })
        #expect(quantity.value == 1)
        quantity.value = 4
        #expect(store.state.quantity == 4 && quantity.value == 4)
        quantity.value = 40                                    // the reducer clamps it
        #expect(quantity.value == 9)
        let note = connection.twoWayBinding(\.note, send: { SetNote(note: $0) })
        note.value = "  gift "                                 // the reducer trims it
        #expect(note.value == "gift" && connection.props.note == "gift")
    }

    @Test func storelessConnectionBinding_keepsItsProps() {
        let preview = Connection<Cart, Cart, Void>(props: Cart(quantity: 3), actions: ())
        let quantity = preview.twoWayBinding(\.quantity, send: { SetQuantity(quantity: $0) })
        quantity.value = 5
        #expect(quantity.value == 3)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func faceBindings_rereadAValueTheStoreDidNotKeep_withObservation() {
        let store = Store(reducer: cartReducer, state: Cart())
        let storeFace = ObservableStore(store)
        let propsFace = ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
        let reactorFace = ObservableReactor(CartReactor())
        for (name, binding, reads) in [
            ("store", storeFace.twoWayBinding(\.quantity, send: { SetQuantity(quantity: $0) }), { _ = storeFace.quantity }),
            ("props", propsFace.twoWayBinding(\.quantity, send: { SetQuantity(quantity: $0) }), { _ = propsFace.quantity }),
            ("reactor", reactorFace.twoWayBinding(\.quantity, send: { .setQuantity($0) }), { _ = reactorFace.quantity }),
        ] as [(String, TwoWayBinding<Int>, @MainActor () -> Void)] {
            let invalidations = Invalidations()
            withObservationTracking { reads() } onChange: { invalidations.add() }
            binding.value = 0                                  // clamped to 1: the state does not change
            #expect(binding.value == 1, "\(name)")
            #expect(invalidations.value == 1, "\(name): a control showing 0 must read 1 again")
            withObservationTracking { reads() } onChange: { invalidations.add() }
            binding.value = 2                                  // kept: one invalidation, by the change itself
            #expect(binding.value == 2 && invalidations.value == 2, "\(name)")
            withObservationTracking { reads() } onChange: { invalidations.add() }
            binding.value = 2                                  // the same value again: nothing to tell
            #expect(invalidations.value == 2, "\(name)")
        }
    }

    @Test func faceBinding_sendsWillChangeForAValueTheStoreDidNotKeep_onTheWillChangePath() {
        let store = Store(reducer: cartReducer, state: Cart())
        let face = onWillChangePath { ObservableStore(store) }
        let quantity = face.twoWayBinding(\.quantity, send: { SetQuantity(quantity: $0) })
        #expect(quantity.value == 1)                           // read, as a control reads it
        quantity.value = 3
        #expect(face.willChange.sentCount == 1)                // the change
        quantity.value = 12                                    // clamped to 9: a change, one send
        #expect(face.willChange.sentCount == 2 && quantity.value == 9)
        quantity.value = 10                                    // clamped to 9 again: no change, but reread
        #expect(face.willChange.sentCount == 3 && quantity.value == 9)
    }
}

private struct Cart: Equatable {
    var quantity = 1
    var note = ""
}

/// Kept between 1 and 9.
private struct SetQuantity: Action { var quantity: Int }
/// Trimmed of spaces.
private struct SetNote: Action { var note: String }

private let cartReducer = Reducer<Cart>
    .on(SetQuantity.self) { state, action in state.quantity = min(max(action.quantity, 1), 9) }
    .on(SetNote.self) { state, action in state.note = action.note.trimmingCharacters(in: .whitespaces) }

private final class CartReactor: Reactor {
    enum Action: Sendable { case setQuantity(Int) }
    let initialState = Cart()
    func reduce(state: Cart, mutation: Action) -> Cart {
        var state = state
        switch mutation {
        case .setQuantity(let quantity): state.quantity = min(max(quantity, 1), 9)
        }
        return state
    }
}

/// `onChange` is `@Sendable`; it runs synchronously on the main actor here.
private final class Invalidations: @unchecked Sendable {
    // @unchecked: touched only from the main actor, inside `dispatch`.
    private(set) var value = 0
    func add() { value += 1 }
}
#endif
