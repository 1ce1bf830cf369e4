import ReflowCore

extension Connection {
    /// Creates a connection whose props depend on one element of an array in the state,
    /// given as the array's key path and the element's index: `mapSliceToProps` runs only
    /// when that element changed.
    ///
    /// The same as `slice: \.rows[index]`, but faster for a list of rows that each
    /// connect to their element: when `array` is a stored property kept inline in the
    /// state, the element is read with a load at the array's offset and a subscript, not
    /// through a key path, and actions whose reducers are scoped elsewhere skip it.
    ///
    /// ```swift
    /// Connection(store: store, slice: \.rows, at: row,
    ///            mapSliceToProps: { RowProps(title: $0.title) },
    ///            mapDispatchToActions: { _ in () })
    /// ```
    ///
    /// Like the subscript, reading an index outside the array stops the program, with a
    /// message naming the index and the array's count: release a row's connection before
    /// the reducer removes its element. Disconnecting is not enough: a disconnected
    /// connection still follows its element, so that ``connect()`` can catch up at once.
    /// Pointing the connection at another store (``store``) whose array lacks the element
    /// stops the program too, whether it is connected or not.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - array: The array in the state.
    ///   - index: The element the props depend on.
    ///   - mapSliceToProps: A pure function of the element; runs when it changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Element: Equatable>(store: Store<State>,
                                                slice array: KeyPath<State, [Element]>, at index: Int,
                                                mapSliceToProps: @escaping (Element) -> Props,
                                                mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        MainThreadCheck.require("Connection(store:...)")
        let elementPath = array.appending(path: \[Element].[index])
        let current = store.state[keyPath: array]
        guard current.indices.contains(index) else { Store<State>.elementOutOfBounds(index, count: current.count, of: array) }
        let initial = current[index]
        let elementRead = ArrayElementRead(array, index: index)
        let member = SliceConnectionMember<State, Element, Props>(
            slice: initial, path: elementPath, elementRead: elementRead,
            arrayCount: { $0[keyPath: array].count }, mapSlice: mapSliceToProps)
        self.init(store: store, mapDispatchToActions: mapDispatchToActions, member: member)
        keep(member.subscribeSlice(of: store, initial: initial, mapSlice: mapSliceToProps))
    }

}
