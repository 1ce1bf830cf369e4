import ReflowUnsafe

/// A selection group's passes. They read and write each member's last value and live flag
/// through `PassSlots`: a plain load or store per member, with no exclusivity check and, in
/// a debug build, no call of an array's unspecialized subscript (S2 by closure, S3
/// closures). Each access checks its index; since a pass first checks that each view has
/// one slot per member, an optimized build drops those checks (S3 closures, release: 1.17×
/// with a check per access, 0.98× without, against the same pass through raw pointers).
extension SelectionGroup {
    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func comparingEqual<Watch: PassWatching>(_ group: SelectionGroup, _ state: State, _ watch: Watch) where Value: Equatable {
        group.pass {
            // Snapshots: closures called from a local array need no retain/release.
            let selects = group.selects
            let onChanges = group.onChanges
            // The views hold through every `onChange`, whatever it does: it may cancel
            // members (a write to `live` seen by this pass), and an action it dispatches
            // runs after the pass; no member joins during a pass, and compaction waits for
            // the outermost pass to end.
            group.lastValues.withPassView { last in
                group.isLive.withPassView { live in
                    // A `while` with one increment: in a debug build it measured 39 µs, a
                    // `for` over the indices 41 µs and a `defer`red increment 48 µs (S3
                    // closures, debug section).
                    let count = selects.count
                    // One check per pass, so that the accesses in the loop need none.
                    last.require(count: count)
                    live.require(count: count)
                    var index = 0
                    while index < count {
                        if live.value(at: index) {
                            let value = selects[index](state)
                            if let watcher = watch.watcher { group.report(evaluated: true, at: index, to: watcher) }
                            // A live member's slot holds its last value (set on subscribe,
                            // vacated only when it is let go of, after `isLive` is cleared).
                            #if REFLOW_INTERNAL_CHECKS
                            group.lastValues.checkReadable(index)
                            #endif
                            if value != last.value(at: index) {
                                last.set(value, at: index)
                                if let watcher = watch.watcher { group.report(evaluated: false, at: index, to: watcher) }
                                onChanges[index].call(value)
                            }
                        }
                        index += 1
                    }
                }
            }
        }
    }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func comparingCustom<Watch: PassWatching>(_ group: SelectionGroup, _ state: State, _ watch: Watch) {
        group.pass {
            let selects = group.selects
            let onChanges = group.onChanges
            let isDuplicates = group.isDuplicates
            // The views hold: as in `comparingEqual`.
            group.lastValues.withPassView { last in
                group.isLive.withPassView { live in
                    let count = selects.count
                    // One check per pass, so that the accesses in the loop need none.
                    last.require(count: count)
                    live.require(count: count)
                    var index = 0
                    while index < count {
                        if live.value(at: index) {
                            let value = selects[index](state)
                            if let watcher = watch.watcher { group.report(evaluated: true, at: index, to: watcher) }
                            // A live member's slot holds its last value: as in `comparingEqual`.
                            #if REFLOW_INTERNAL_CHECKS
                            group.lastValues.checkReadable(index)
                            #endif
                            if !isDuplicates[index].call(last.value(at: index), value) {
                                last.set(value, at: index)
                                if let watcher = watch.watcher { group.report(evaluated: false, at: index, to: watcher) }
                                onChanges[index].call(value)
                            }
                        }
                        index += 1
                    }
                }
            }
        }
    }
}
