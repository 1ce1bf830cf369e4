import ReflowCore

// Bindings: each fires with the current value when made, then only when the value at its
// key path changes. Each returns a `BindingHandle` you may ignore: the connection keeps the
// binding alive; cancel the handle to end one binding early.

extension Connection {
    /// Calls `onNext` with the value at `keyPath` now and whenever it changes: ReRxSwift's
    /// `subscribe(keyPath, onNext)`, the same binding as ``bind(_:to:)``.
    ///
    /// ```swift
    /// connection.subscribe(\.count) { [weak self] count in self?.title = "\(count) items" }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The prop to watch.
    ///   - onNext: Called with the current value at once, then with each new value.
    /// - Returns: The binding; it ends when cancelled, or with the connection.
    /// - Complexity: O(1) per dispatch while the value is unchanged.
    @inlinable @discardableResult
    public func subscribe<T: Equatable>(_ keyPath: KeyPath<Props, T>, onNext: @escaping (T) -> Void) -> BindingHandle {
        bind(keyPath, to: onNext)
    }

    /// Sends the value at `keyPath` to `sink` now and whenever it changes.
    ///
    /// ```swift
    /// connection.bind(\.count) { [weak self] in self?.countLabel = "\($0)" }
    /// ```
    ///
    /// The value must be `Equatable`, to tell a change from a repeat. For an array of elements
    /// that are not, use ``bind(_:to:isEqual:)`` and say how to compare two elements.
    ///
    /// - Parameters:
    ///   - keyPath: The prop to watch.
    ///   - sink: Called with the current value at once, then with each new value.
    /// - Returns: The binding; it ends when cancelled or with the connection.
    /// - Complexity: O(1) per dispatch while the value is unchanged.
    // Inlinable so that the read and the comparison are specialized in the caller's module
    // (benchmark S7), as for `Store.subscribe`.
    @inlinable @discardableResult
    public func bind<T: Equatable>(_ keyPath: KeyPath<Props, T>, to sink: @escaping (T) -> Void) -> BindingHandle {
        let initial = props[keyPath: keyPath]
        let subscription = addBinding(KeyPathBinding(keyPath: keyPath, initial: initial, sink: sink,
                                                     step: KeyPathBinding.deliveringChanges))
        sink(initial)
        return subscription
    }

    /// Sends the value at `keyPath`, transformed by `mapping`, to `sink` now and whenever
    /// the value (before mapping) changes.
    ///
    /// ```swift
    /// connection.bind(\.count, to: { badge = $0 }, mapping: { "\($0) new" })
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The prop to watch.
    ///   - sink: Called with the mapped value at once, then after each change.
    ///   - mapping: Turns the prop into what `sink` takes; called only when the prop changed.
    /// - Returns: The binding; it ends when cancelled or with the connection.
    @discardableResult
    public func bind<T: Equatable, U>(_ keyPath: KeyPath<Props, T>, to sink: @escaping (U) -> Void,
                                      mapping: @escaping (T) -> U) -> BindingHandle {
        bind(keyPath, to: { sink(mapping($0)) })
    }

    /// Sends an array prop to `sink` now and whenever it changes, comparing elements with
    /// `isEqual`: for lists of elements that are not `Equatable`.
    ///
    /// ```swift
    /// connection.bind(\.rows, to: { table.reload($0) }, isEqual: { $0.id == $1.id && $0.title == $1.title })
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The array prop to watch.
    ///   - sink: Called with the current array at once, then with each changed array.
    ///   - isEqual: Whether two elements are the same; the array changed when its count or
    ///     any element differs.
    /// - Returns: The binding; it ends when cancelled or with the connection.
    /// - Complexity: O(*n*) per dispatch for an array of *n* elements, stopping at the first
    ///   difference.
    @discardableResult
    public func bind<Element>(_ keyPath: KeyPath<Props, [Element]>, to sink: @escaping ([Element]) -> Void,
                              isEqual: @escaping (Element, Element) -> Bool) -> BindingHandle {
        let initial = props[keyPath: keyPath]
        let subscription = addBinding(KeyPathBinding(keyPath: keyPath, initial: initial, sink: sink,
                                                     step: KeyPathBinding.deliveringChanges(comparingWith: {
            $0.elementsEqual($1, by: isEqual)
        })))
        sink(initial)
        return subscription
    }

    /// Writes the value at `keyPath` to `property` of `target` now and whenever it changes,
    /// holding `target` weakly: when it is released, the binding ends.
    ///
    /// ```swift
    /// connection.bind(\.title, to: titleLabel, \.text)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The prop to watch.
    ///   - target: The object to write to, held weakly.
    ///   - property: The property of `target` that receives the value.
    /// - Returns: The binding; it ends when cancelled, with the connection, or when `target`
    ///   is released.
    @discardableResult
    public func bind<T: Equatable, Target: AnyObject>(_ keyPath: KeyPath<Props, T>, to target: Target,
                                                      _ property: ReferenceWritableKeyPath<Target, T>) -> BindingHandle {
        bind(keyPath, toObject: target) { $0[keyPath: property] = $1 }
    }

    /// Writes a non-optional prop to an optional `property` of `target` (say, a label's
    /// `text: String?`), holding `target` weakly.
    ///
    /// - Parameters:
    ///   - keyPath: The prop to watch.
    ///   - target: The object to write to, held weakly.
    ///   - property: The optional property of `target` that receives the value.
    /// - Returns: The binding; it ends when cancelled, with the connection, or when `target`
    ///   is released.
    @discardableResult
    public func bind<T: Equatable, Target: AnyObject>(_ keyPath: KeyPath<Props, T>, to target: Target,
                                                      _ property: ReferenceWritableKeyPath<Target, T?>) -> BindingHandle {
        bind(keyPath, toObject: target) { $0[keyPath: property] = $1 }
    }

    /// Writes the value at `keyPath`, transformed by `mapping`, to `property` of `target`,
    /// holding `target` weakly.
    ///
    /// The one form for every mapping: to an optional property (a label's `text: String?`)
    /// the mapping's result is wrapped, and from an optional prop the mapping says what `nil`
    /// becomes.
    ///
    /// ```swift
    /// connection.bind(\.count, to: countLabel, \.text, mapping: { "\($0) items" })
    /// connection.bind(\.subtitle, to: subtitleLabel, \.text, mapping: { $0 ?? "" })
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The prop to watch.
    ///   - target: The object to write to, held weakly.
    ///   - property: The property of `target` that receives the mapped value, optional or not.
    ///   - mapping: Turns the prop into the property's type; called only when the prop changed.
    /// - Returns: The binding; it ends when cancelled, with the connection, or when `target`
    ///   is released.
    @discardableResult
    public func bind<T: Equatable, U, Target: AnyObject>(_ keyPath: KeyPath<Props, T>, to target: Target,
                                                         _ property: ReferenceWritableKeyPath<Target, U>,
                                                         mapping: @escaping (T) -> U) -> BindingHandle {
        bind(keyPath, toObject: target) { $0[keyPath: property] = mapping($1) }
    }
}

extension Connection {
    /// Writes an optional prop to a non-optional `property` of `target` (say, a
    /// `subtitle: String?` to a label's `text: String`), holding `target` weakly.
    ///
    /// While the prop is `nil`, `property` keeps the last value written to it (or its own
    /// initial value). To write a value instead, map it:
    ///
    /// ```swift
    /// connection.bind(\.subtitle, to: subtitleLabel, \.text)                             // keeps the last
    /// connection.bind(\.subtitle, to: subtitleLabel, \.text, mapping: { $0 ?? "none" })  // writes "none"
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The optional prop to watch.
    ///   - target: The object to write to, held weakly.
    ///   - property: The non-optional property of `target` that receives each non-`nil` value.
    /// - Returns: The binding; it ends when cancelled, with the connection, or when `target`
    ///   is released.
    @discardableResult
    public func bind<T: Equatable, Target: AnyObject>(_ keyPath: KeyPath<Props, T?>, to target: Target,
                                                      _ property: ReferenceWritableKeyPath<Target, T>) -> BindingHandle {
        bind(keyPath, toObject: target) { target, value in
            if let value { target[keyPath: property] = value }
        }
    }
}

extension Connection {
    /// A binding that writes into `target`, held weakly, and ends when it is gone.
    func bind<T: Equatable, Target: AnyObject>(_ keyPath: KeyPath<Props, T>, toObject target: Target,
                                               write: @escaping (Target, T) -> Void) -> BindingHandle {
        let initial = props[keyPath: keyPath]
        let subscription = addBinding(KeyPathBinding(keyPath: keyPath, initial: initial, sink: nil,
                                                     step: KeyPathBinding.writingChanges(to: target, write)))
        write(target, initial)
        return subscription
    }
}
