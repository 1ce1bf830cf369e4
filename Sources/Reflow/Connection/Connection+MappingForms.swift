// The mapping forms app code writes, each forwarding to the connection's initializer that
// takes plain functions (`Connection.swift`, `Connection+ArrayElement.swift`).
//
// A `@MainActor` function (a static function of a `Connectable` type, any function under
// Xcode 26's default MainActor isolation) cannot become a plain function type, and a plain
// function value that is not `Sendable` (a local variable of function type, a file-scope
// closure constant in Swift 5) cannot become a `@MainActor` one: Swift 6 rejects it, Swift 5
// warns. So each of the two mappings comes in both forms, four initializers for each kind
// of connection (the whole state, a slice, an array element), and each form is the only
// one that compiles for some way of writing the mappings in some build setting
// (`MappingFunctionIdiomTests` writes them all). ReRxSwift's `mapDispatchToActions` takes a
// `DispatchFunction` (`(dispatch: @escaping DispatchFunction) in ...`); those forms are
// disfavored, so that an inline closure whose parameter type is not written takes a
// ``Dispatch``. One initializer serves `Equatable` props and others (the store picks the
// group when the connection is made), so no form is written twice.
//
// Wrapping a `@MainActor` mapping in a plain closure is sound: the connection calls its
// mappings only on the main actor.

extension Connection {
    /// Creates a connection to `store` from a `@MainActor` `mapStateToProps`;
    /// otherwise the same as `init(store:mapStateToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change while
    ///     connected.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping @MainActor (State) -> Props,
                            mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        self.init(store: store, mapStateToProps: { mapStateToProps($0) } as (State) -> Props,
                  mapDispatchToActions: mapDispatchToActions)
    }

    /// Creates a connection to `store` from a `@MainActor` `mapDispatchToActions`;
    /// otherwise the same as `init(store:mapStateToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change while
    ///     connected.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping (State) -> Props,
                            mapDispatchToActions: @escaping @MainActor (Dispatch) -> Actions) {
        self.init(store: store, mapStateToProps: mapStateToProps,
                  mapDispatchToActions: { mapDispatchToActions($0) } as (Dispatch) -> Actions)
    }

    /// Creates a connection to `store` from `@MainActor` mappings;
    /// otherwise the same as `init(store:mapStateToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change while
    ///     connected.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping @MainActor (State) -> Props,
                            mapDispatchToActions: @escaping @MainActor (Dispatch) -> Actions) {
        self.init(store: store, mapStateToProps: { mapStateToProps($0) } as (State) -> Props,
                  mapDispatchToActions: { mapDispatchToActions($0) } as (Dispatch) -> Actions)
    }

    /// Creates a connection to `store` from a `mapDispatchToActions` that takes a `DispatchFunction`, as ReRxSwift's does;
    /// otherwise the same as `init(store:mapStateToProps:mapDispatchToActions:)`.
    ///
    /// ```swift
    /// let connection = Connection(
    ///     store: store,
    ///     mapStateToProps: { Props(text: $0.content) },
    ///     mapDispatchToActions: { (dispatch: @escaping DispatchFunction) in
    ///         Actions(updatedText: { dispatch(SetContent(newContent: $0)) })
    ///     }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change while
    ///     connected.
    ///   - mapDispatchToActions: Builds the actions from a `DispatchFunction`; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @_disfavoredOverload
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping (State) -> Props,
                            mapDispatchToActions: @escaping (@escaping DispatchFunction) -> Actions) {
        self.init(store: store, mapStateToProps: mapStateToProps,
                  mapDispatchToActions: { dispatch in mapDispatchToActions({ dispatch($0) }) } as (Dispatch) -> Actions)
    }

    /// Creates a connection to `store` from `@MainActor` mappings whose `mapDispatchToActions` takes a `DispatchFunction`;
    /// otherwise the same as `init(store:mapStateToProps:mapDispatchToActions:)`.
    ///
    /// ```swift
    /// let connection = Connection(
    ///     store: store,
    ///     mapStateToProps: { Props(text: $0.content) },
    ///     mapDispatchToActions: { (dispatch: @escaping DispatchFunction) in
    ///         Actions(updatedText: { dispatch(SetContent(newContent: $0)) })
    ///     }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change while
    ///     connected.
    ///   - mapDispatchToActions: Builds the actions from a `DispatchFunction`; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @_disfavoredOverload
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping @MainActor (State) -> Props,
                            mapDispatchToActions: @escaping @MainActor (@escaping DispatchFunction) -> Actions) {
        self.init(store: store, mapStateToProps: { mapStateToProps($0) } as (State) -> Props,
                  mapDispatchToActions: { dispatch in mapDispatchToActions({ dispatch($0) }) } as (Dispatch) -> Actions)
    }

    /// Creates a connection that reads only one `Equatable` slice of the state, from a `@MainActor` `mapSliceToProps`;
    /// otherwise the same as `init(store:slice:mapSliceToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - slice: The part of the state the props depend on.
    ///   - mapSliceToProps: A pure function of the slice; runs when the slice changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Slice: Equatable>(store: Store<State>, slice: KeyPath<State, Slice>,
                                              mapSliceToProps: @escaping @MainActor (Slice) -> Props,
                                              mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        self.init(store: store, slice: slice, mapSliceToProps: { mapSliceToProps($0) } as (Slice) -> Props,
                  mapDispatchToActions: mapDispatchToActions)
    }

    /// Creates a connection that reads only one `Equatable` slice of the state, from a `@MainActor` `mapDispatchToActions`;
    /// otherwise the same as `init(store:slice:mapSliceToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - slice: The part of the state the props depend on.
    ///   - mapSliceToProps: A pure function of the slice; runs when the slice changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Slice: Equatable>(store: Store<State>, slice: KeyPath<State, Slice>,
                                              mapSliceToProps: @escaping (Slice) -> Props,
                                              mapDispatchToActions: @escaping @MainActor (Dispatch) -> Actions) {
        self.init(store: store, slice: slice, mapSliceToProps: mapSliceToProps,
                  mapDispatchToActions: { mapDispatchToActions($0) } as (Dispatch) -> Actions)
    }

    /// Creates a connection that reads only one `Equatable` slice of the state, from `@MainActor` mappings;
    /// otherwise the same as `init(store:slice:mapSliceToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - slice: The part of the state the props depend on.
    ///   - mapSliceToProps: A pure function of the slice; runs when the slice changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Slice: Equatable>(store: Store<State>, slice: KeyPath<State, Slice>,
                                              mapSliceToProps: @escaping @MainActor (Slice) -> Props,
                                              mapDispatchToActions: @escaping @MainActor (Dispatch) -> Actions) {
        self.init(store: store, slice: slice, mapSliceToProps: { mapSliceToProps($0) } as (Slice) -> Props,
                  mapDispatchToActions: { mapDispatchToActions($0) } as (Dispatch) -> Actions)
    }

    /// Creates a connection whose props depend on one element of an array in the state, from
    /// a `@MainActor` `mapSliceToProps`; otherwise the same as `init(store:slice:at:mapSliceToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - array: The array in the state.
    ///   - index: The element the props depend on.
    ///   - mapSliceToProps: A pure function of the element; runs when it changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Element: Equatable>(store: Store<State>, slice array: KeyPath<State, [Element]>, at index: Int,
                                                mapSliceToProps: @escaping @MainActor (Element) -> Props,
                                                mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        self.init(store: store, slice: array, at: index, mapSliceToProps: { mapSliceToProps($0) } as (Element) -> Props,
                  mapDispatchToActions: mapDispatchToActions)
    }

    /// Creates a connection whose props depend on one element of an array in the state, from
    /// a `@MainActor` `mapDispatchToActions`; otherwise the same as `init(store:slice:at:mapSliceToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - array: The array in the state.
    ///   - index: The element the props depend on.
    ///   - mapSliceToProps: A pure function of the element; runs when it changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Element: Equatable>(store: Store<State>, slice array: KeyPath<State, [Element]>, at index: Int,
                                                mapSliceToProps: @escaping (Element) -> Props,
                                                mapDispatchToActions: @escaping @MainActor (Dispatch) -> Actions) {
        self.init(store: store, slice: array, at: index, mapSliceToProps: mapSliceToProps,
                  mapDispatchToActions: { mapDispatchToActions($0) } as (Dispatch) -> Actions)
    }

    /// Creates a connection whose props depend on one element of an array in the state, from
    /// `@MainActor` mappings; otherwise the same as `init(store:slice:at:mapSliceToProps:mapDispatchToActions:)`.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - array: The array in the state.
    ///   - index: The element the props depend on.
    ///   - mapSliceToProps: A pure function of the element; runs when it changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Element: Equatable>(store: Store<State>, slice array: KeyPath<State, [Element]>, at index: Int,
                                                mapSliceToProps: @escaping @MainActor (Element) -> Props,
                                                mapDispatchToActions: @escaping @MainActor (Dispatch) -> Actions) {
        self.init(store: store, slice: array, at: index, mapSliceToProps: { mapSliceToProps($0) } as (Element) -> Props,
                  mapDispatchToActions: { mapDispatchToActions($0) } as (Dispatch) -> Actions)
    }
}

// The same forms again where `Props` is `Equatable`: forwarding from the unconstrained
// extension would pick the unconstrained base (a group that delivers every mapping) even
// for `Equatable` props, which lose the distinct-until-changed pass (S7).
