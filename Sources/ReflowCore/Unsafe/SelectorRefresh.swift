/// How a key-path group brings its selectors up to a new state, in `Unsafe/` because it
/// reads the state's bytes: a stored path's value at its offset, an array element through
/// the array's buffer, each beside its invariant. It knows the selectors' columns and
/// nothing of the group or its members (a key-path group's pass calls it, then tells the
/// members).
@usableFromInline
enum SelectorRefresh {
    /// Brings every live selector's `lastValues` and `changed` up to `state`: each
    /// distinct key path is projected and compared once, or skipped when no reduction
    /// since the last pass could write its bytes.
    ///
    /// - Parameters:
    ///   - state: The new state.
    ///   - touched: What the reductions since the last refresh can have written.
    ///   - keepsEqualValues: Whether a value equal to a selector's last one replaces it
    ///     (only a member out of sync needs the state's own value).
    ///   - keyPaths, elementReads, selectorBytes: Each selector's key path, element read
    ///     and bytes; `nil` key path for a freed selector.
    ///   - lastValues, changed, memberCounts: Each selector's last value, whether this
    ///     refresh changed it, and how many members it has.
    /// - Returns: How many members the changed selectors have.
    /// - Complexity: O(*s*) in selectors: a projection or a load and a comparison each, or
    ///   nothing for one whose bytes no reduction could write.
    // The member loop that follows reads only these columns: a `State` captured in it would
    // be copied into every member's call (the whole state, for a large one).
    @inlinable
    static func refresh<State, Value: Equatable>(
        from state: State, touched: Footprint, keepsEqualValues: Bool,
        keyPaths: ContiguousArray<KeyPath<State, Value>?>, elementReads: ContiguousArray<ArrayElementRead?>,
        selectorBytes: ContiguousArray<Range<Int>?>,
        lastValues: ValueSlots<Value>, changed: ValueSlots<Bool>, memberCounts: ValueSlots<Int>
    ) -> Int {
        // Asked once: an unscoped reducer's footprint is the whole state, and asking it per
        // selector is a call and a copy of it in a debug build (S3 at an index).
        let touchesWhole = touched.isWhole
        var changedMembers = 0
        // Invariant: one slot per selector, and no selector is added during a pass (the
        // group's rule), so the bases stay valid for the loop; checked after it when
        // REFLOW_INTERNAL_CHECKS is set.
        let memberCountsBase = unsafe memberCounts.base
        let lastValuesBase = unsafe lastValues.base
        let changedBase = unsafe changed.base
        // The loop reads every column at each index below `selectorBytes.count`: one check
        // per refresh that they are all that long, rather than one per read.
        let count = selectorBytes.count
        if elementReads.count != count || lastValues.count != count || changed.count != count
            || memberCounts.count != count || keyPaths.count != count {
            fatalError("Reflow: a key-path group's selector columns are out of step; please report this as a bug")
        }
        defer {
            #if REFLOW_INTERNAL_CHECKS
            unsafe precondition(memberCounts.base == memberCountsBase && lastValues.base == lastValuesBase
                                && changed.base == changedBase, "SelectorRefresh: selector slots moved")
            #endif
        }
        // The arrays are walked through buffer pointers by a `while` loop: a debug build
        // then reads each entry with a load, where an array's subscript and a `for` over
        // its indices are unspecialized calls (S3 and S7 at an index, debug section).
        unsafe withUnsafeBytes(of: state) { root in
            let root = root.baseAddress!
            unsafe selectorBytes.withUnsafeBufferPointer { selectorBytes in
                unsafe elementReads.withUnsafeBufferPointer { elementReads in
                    // Refreshes the run of selectors from `start` on that read elements of the
                    // array at `arrayOffset`, whose buffer is `elements`, and returns the index
                    // after it. Such runs are what `subscribe(_:at:)` and `slice:at:` build (a
                    // list's rows): a loop of its own, which reads neither the selectors' bytes
                    // nor their key paths, keeps its values in registers, where the general
                    // loop reloaded four of them per selector (S3 and S7 at an index, release:
                    // 1.2x 52dd719's time in the general loop, 0.8-0.9x in this one).
                    @inline(__always)
                    func refreshElements(from start: Int, _ elements: UnsafeBufferPointer<Value>,
                                         at arrayOffset: Int) -> Int {
                        var index = start
                        // An element read's bytes are its array's (`KeyPathGroup.checkInvariants`),
                        // so one footprint check serves the run.
                        let arrayBytes = arrayOffset..<(arrayOffset + MemoryLayout<[Value]>.size)
                        if !touchesWhole && !touched.mayTouch(arrayBytes) {
                            while index < count, let elementRead = unsafe elementReads[index],
                                  elementRead.arrayOffset == arrayOffset {
                                unsafe changedBase[index] = false
                                index += 1
                            }
                            return index
                        }
                        while index < count, let elementRead = unsafe elementReads[index],
                              elementRead.arrayOffset == arrayOffset {
                            // Compared in the buffer, and read here rather than by a method of
                            // the read: in a debug build a call costs a fifth of the pass, and
                            // each copy of a `Value` a tenth (S3 and S7 at an index, debug
                            // section).
                            let element = elementRead.index
                            guard element >= 0 && element < elements.count else {
                                elementRead.elementGone(count: elements.count)
                            }
                            #if REFLOW_INTERNAL_CHECKS
                            elementRead.checkTypes(root: State.self, element: Value.self)
                            #endif
                            // Invariant: a live selector's last value is not vacated.
                            let isChanged = unsafe !(elements[element] == lastValuesBase[index])
                            unsafe changedBase[index] = isChanged
                            if isChanged {
                                unsafe changedMembers += memberCountsBase[index]
                                unsafe lastValuesBase[index] = unsafe elements[element]
                            } else if keepsEqualValues {
                                unsafe lastValuesBase[index] = unsafe elements[element]
                            }
                            index += 1
                        }
                        return index
                    }
                    // Refreshes the selectors from `start` on. `elements` is the buffer of
                    // the array at `arrayOffset` (-1 before any selector read an element).
                    // Without a buffer it stops at the first element read and returns its
                    // selector: the caller takes that array's buffer and goes on from there,
                    // so the selectors read it through the buffer, a load each, where reading
                    // the array per selector costs a retain and a metadata lookup in a debug
                    // build (S3 and S7 at an index, debug section). Not recursive, so that
                    // it is inlined into both calls (S8, release). The buffer belongs to an
                    // array held by `state`, which nothing writes while the loop runs (the
                    // only code it calls is `Value`'s `==`), so it stays valid to the end.
                    @inline(__always)
                    func refreshSelectors(from start: Int, _ elements: UnsafeBufferPointer<Value>,
                                          at arrayOffset: Int) -> Int? {
                        var index = start
                        while index < count {
                            // The bytes first: most selectors of a scoped reduction are
                            // skipped on them (S8: 1.12x when the element read came first).
                            let bytes = unsafe selectorBytes[index]
                            let elementRead = unsafe elementReads[index]
                            if let bytes, !touchesWhole, !touched.mayTouch(bytes) {
                                unsafe changedBase[index] = false
                                index += 1
                                continue
                            }
                            let value: Value
                            // The element path first: it is cleared with its selector, and
                            // reading it does not retain the key path (S7 with `slice:`).
                            if let elementRead {
                                if elementRead.arrayOffset == arrayOffset {
                                    index = unsafe refreshElements(from: index, elements, at: arrayOffset)
                                    continue
                                } else if arrayOffset < 0 {
                                    return index
                                } else {
                                    value = unsafe elementRead.read(at: root, as: Value.self)
                                }
                            } else if let bytes {
                                // A stored path, read at its offset rather than projected: the
                                // runtime's projection looks up generic metadata on every call
                                // (S8). Without an element read, a selector's bytes are
                                // `Footprint.bytes(of:)` of its own key path (cleared with the
                                // selector; checked by `checkInvariants`, and against the
                                // projection by `KeyPathSubscriptionTests`), so a `Value` is
                                // initialized and aligned there, as in `KeyPathAccess.value(in:at:as:)`.
                                value = unsafe root.load(fromByteOffset: bytes.lowerBound, as: Value.self)
                            } else if let keyPath = keyPaths[index] {
                                value = state[keyPath: keyPath]
                            } else {
                                // A freed selector: no element path, no bytes, no key path.
                                index += 1
                                continue
                            }
                            // Invariant: a live selector's last value is not vacated.
                            // `==` itself: `!=` is one more call in a debug build.
                            let isChanged = unsafe !(value == lastValuesBase[index])
                            unsafe changedBase[index] = isChanged
                            if isChanged {
                                unsafe changedMembers += memberCountsBase[index]
                                unsafe lastValuesBase[index] = value
                            } else if keepsEqualValues {
                                // A member out of sync is given this value, which must be the
                                // state's, not an equal older one.
                                unsafe lastValuesBase[index] = value
                            }
                            index += 1
                        }
                        return nil
                    }
                    guard let first = unsafe refreshSelectors(from: 0, UnsafeBufferPointer(start: nil, count: 0), at: -1),
                          let arrayOffset = unsafe elementReads[first]?.arrayOffset else { return }
                    // Invariant: an element read's `arrayOffset` is `MemoryLayout<State>.offset(of:)`
                    // of a key path to a `[Value]` (checked per read by `checkTypes` when
                    // REFLOW_INTERNAL_CHECKS is set), so an initialized `[Value]` lies there.
                    let array = unsafe (root + arrayOffset).assumingMemoryBound(to: [Value].self)
                    unsafe array.pointee.withUnsafeBufferPointer { elements in
                        _ = unsafe refreshSelectors(from: first, elements, at: arrayOffset)
                    }
                }
            }
        }
        return changedMembers
    }
}
