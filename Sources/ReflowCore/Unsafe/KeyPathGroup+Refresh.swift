/// A key-path group's refresh: the first half of its pass, which brings each distinct key
/// path's last value up to the state before any member is told. In `Unsafe/` because it
/// reads the state's bytes: selectors at their stored offsets, array elements through the
/// array's buffer, each beside its invariant.
extension KeyPathGroup {
    /// Brings every live selector's `lastValues` and `changed` up to `state`: each
    /// distinct key path is projected and compared once, or skipped when no reduction
    /// since the last pass could write its bytes.
    ///
    /// - Returns: How many members the changed selectors have.
    // The member loop that follows reads only these arrays: a `State` captured in it would
    // be copied into every member's call (the whole state, for a large one).
    @inlinable
    func refresh(from state: State) -> Int {
        let touched = writes.footprint
        // Asked once: an unscoped reducer's footprint is the whole state, and asking it per
        // selector is a call and a copy of it in a debug build (S3 at an index).
        let touchesWhole = touched.isWhole
        var changedMembers = 0
        let memberCounts = self.memberCounts.base
        // Only a member out of sync is given a selector's last value without its change;
        // otherwise an equal value is not written (a copy through the value's witness
        // per selector in a debug build: S3 and S7 at an index).
        let keepsEqualValues = hasUnsyncedMembers
        // Invariant: one slot per selector, and no selector is added during a pass (see
        // `sharingProjections`), so the bases stay valid for the loop.
        let lastValues = self.lastValues.base
        let changed = self.changed.base
        // Snapshots, walked through buffer pointers by a `while` loop: a debug build
        // then reads each entry with a load, where an array's subscript and a `for` over
        // its indices are unspecialized calls, and a property of the group is an
        // exclusivity check per read (S3 and S7 at an index, debug section).
        let keyPaths = self.keyPaths
        let elementReads = self.elementReads
        let selectorBytes = self.selectorBytes
        withUnsafeBytes(of: state) { root in
            let root = root.baseAddress!
            selectorBytes.withUnsafeBufferPointer { selectorBytes in
                elementReads.withUnsafeBufferPointer { elementReads in
                    let count = selectorBytes.count
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
                            let bytes = selectorBytes[index]
                            let elementRead = elementReads[index]
                            if let bytes, !touchesWhole, !touched.mayTouch(bytes) {
                                changed[index] = false
                                index += 1
                                continue
                            }
                            let value: Value
                            // The element path first: it is cleared with its selector, and
                            // reading it does not retain the key path (S7 with `slice:`).
                            if let elementRead {
                                if elementRead.arrayOffset == arrayOffset {
                                    // Compared in the buffer, and read here rather than by a
                                    // method of the read: in a debug build a call costs a
                                    // fifth of the pass, and each copy of a `Value` a tenth
                                    // (S3 and S7 at an index, debug section).
                                    let element = elementRead.index
                                    guard element >= 0 && element < elements.count else {
                                        elementRead.elementGone(count: elements.count)
                                    }
                                    let isChanged = !(elements[element] == lastValues[index])
                                    changed[index] = isChanged
                                    if isChanged {
                                        changedMembers += memberCounts[index]
                                        lastValues[index] = elements[element]
                                    } else if keepsEqualValues {
                                        lastValues[index] = elements[element]
                                    }
                                    index += 1
                                    continue
                                } else if arrayOffset < 0 {
                                    return index
                                } else {
                                    value = elementRead.read(at: root, as: Value.self)
                                }
                            } else if let bytes {
                                // A stored path, read at its offset rather than projected: the
                                // runtime's projection looks up generic metadata on every call
                                // (S8). Without an element read, a selector's bytes are
                                // `Footprint.bytes(of:)` of its own key path (cleared with the
                                // selector; checked by `checkInvariants`, and against the
                                // projection by `KeyPathSubscriptionTests`), so a `Value` is
                                // initialized and aligned there, as in `KeyPathAccess.value(in:at:as:)`.
                                value = root.load(fromByteOffset: bytes.lowerBound, as: Value.self)
                            } else if let keyPath = keyPaths[index] {
                                value = state[keyPath: keyPath]
                            } else {
                                // A freed selector: no element path, no bytes, no key path.
                                index += 1
                                continue
                            }
                            // Invariant: a live selector's last value is not vacated.
                            // `==` itself: `!=` is one more call in a debug build.
                            let isChanged = !(value == lastValues[index])
                            changed[index] = isChanged
                            if isChanged {
                                changedMembers += memberCounts[index]
                                lastValues[index] = value
                            } else if keepsEqualValues {
                                // A member out of sync is given this value, which must be the
                                // state's, not an equal older one.
                                lastValues[index] = value
                            }
                            index += 1
                        }
                        return nil
                    }
                    guard let first = refreshSelectors(from: 0, UnsafeBufferPointer(start: nil, count: 0), at: -1),
                          let arrayOffset = elementReads[first]?.arrayOffset else { return }
                    let array = (root + arrayOffset).assumingMemoryBound(to: [Value].self)
                    array.pointee.withUnsafeBufferPointer { elements in
                        _ = refreshSelectors(from: first, elements, at: arrayOffset)
                    }
                }
            }
        }
        return changedMembers
    }
}
