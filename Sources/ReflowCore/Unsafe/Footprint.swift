/// The part of a state that reducers can write for some actions: all of it, or byte ranges
/// of stored properties that ``Reducer/scope(_:)`` (or a hosted reactor's slice) names.
///
/// A scoped reducer receives its slice `inout`, so for a slice that is a stored property
/// kept inline in the state (its key path has a `MemoryLayout.offset(of:)`), the reducer
/// can change those bytes and no others. A key-path subscription whose own key path is
/// such a stored path, and whose bytes lie outside every range an action's reducers can
/// write, cannot have changed: the store skips its projection and comparison. Anything
/// not known this way (closures, computed properties, paths through a class reference or
/// an array element) counts as the whole state.
@usableFromInline
package enum Footprint: Sendable, Equatable {
    case whole
    /// Byte ranges of the state; empty when nothing can be written.
    case ranges([Range<Int>])

    @usableFromInline package static var nothing: Footprint { .ranges([]) }

    /// The bytes of `keyPath`'s value inside `Root`, if it is an inline stored path.
    @usableFromInline
    package static func bytes<Root, Value>(of keyPath: KeyPath<Root, Value>) -> Range<Int>? {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return nil }
        return offset..<(offset + MemoryLayout<Value>.size)
    }

    /// This footprint of a slice, seen from the state that holds the slice at `keyPath`.
    func lifted<Root, Slice>(through keyPath: KeyPath<Root, Slice>) -> Footprint {
        guard let slice = Footprint.bytes(of: keyPath) else { return .whole }
        switch self {
        case .whole:
            return .ranges([slice])
        case .ranges(let ranges):
            return .ranges(ranges.map { ($0.lowerBound + slice.lowerBound)..<($0.upperBound + slice.lowerBound) })
        }
    }

    /// Both footprints. Ranges already present are not repeated, and past 32 ranges (a
    /// long batch over many slices) the result is `.whole`: a batch must not get slower
    /// with every action in it, and reading everything is then the cheaper check.
    package func union(_ other: Footprint) -> Footprint {
        switch (self, other) {
        case (.ranges(let mine), _) where mine.isEmpty:
            return other  // the common case after each notification: no array to build
        case (.ranges(var mine), .ranges(let theirs)):
            for range in theirs where !mine.contains(range) {
                if mine.count == 32 { return .whole }
                mine.append(range)
            }
            return .ranges(mine)
        default:
            return .whole
        }
    }

    /// Whether this footprint is the whole state, so that every range may be touched.
    @inlinable
    var isWhole: Bool {
        if case .whole = self { return true }
        return false
    }

    /// Whether a write within this footprint can change the bytes in `range`.
    @inlinable
    package func mayTouch(_ range: Range<Int>) -> Bool {
        switch self {
        case .whole: return true
        case .ranges(let ranges): return ranges.contains { $0.overlaps(range) }
        }
    }
}

/// What each action type's reducers can write, kept beside a ``Reducer``'s stages.
@usableFromInline
struct Footprints: Sendable {
    /// The stages that run for every action; `nil` when there are none.
    var everyAction: Footprint?
    /// The routed handlers, by exact action type.
    var routed: [ObjectIdentifier: Footprint]

    @usableFromInline
    init(everyAction: Footprint? = nil, routed: [ObjectIdentifier: Footprint] = [:]) {
        self.everyAction = everyAction
        self.routed = routed
    }

    /// What reducing an action of this type can write.
    func footprint(for actionType: ObjectIdentifier) -> Footprint {
        let routedPart = routed[actionType] ?? .nothing
        return everyAction.map { routedPart.union($0) } ?? routedPart
    }

    @usableFromInline
    func combined(with other: Footprints) -> Footprints {
        var result = self
        if let theirs = other.everyAction { result.everyAction = everyAction.map { $0.union(theirs) } ?? theirs }
        result.routed.merge(other.routed) { $0.union($1) }
        return result
    }

    func lifted<Root, Slice>(through keyPath: KeyPath<Root, Slice>) -> Footprints {
        Footprints(everyAction: everyAction?.lifted(through: keyPath),
                   routed: routed.mapValues { $0.lifted(through: keyPath) })
    }
}
