import ReflowCore

import Foundation

/// Saves chosen `Codable` slices of a store's state to files and restores them at launch,
/// so that a user never loses data.
///
/// ```swift
/// let persistence = StatePersistence<AppState>(
///     directory: applicationSupport.appendingPathComponent("State"),
///     slices: [PersistedSlice(\.settings, file: "settings.json"),
///              PersistedSlice(\.drafts, file: "drafts.json", version: 2, migrations: [1: migrateDrafts])],
///     onError: { error in log(error.message) }
/// )
/// let store = Store(reducer: appReducer, state: persistence.restored(AppState()))
/// persistence.attach(to: store)
/// // ... and when the app goes to the background:
/// await persistence.flush()
/// ```
///
/// - **Restoring** happens before the store exists, so no subscriber ever sees the
///   default state first.
/// - **Saving**: a change costs the main actor only a flag; changes within `debounce` are
///   coalesced. At write time each slice is taken from the state (a copy-on-write copy,
///   O(1)); comparing it with what was written last, encoding and writing run off the
///   main actor, and an unchanged slice is not written. ``flush()`` writes at once and
///   waits. Writes of one file happen in order; writes are serialized across stores.
/// - **Crash safety**: each write goes to a temporary file in the same directory, is
///   flushed to disk, and atomically replaces the old file. A crash or kill at any moment
///   leaves the old or the new complete file.
/// - **Bad files** (corrupt, truncated, empty, another type) are moved aside with a
///   timestamped name, never deleted; a file from a newer schema version, or with no
///   migration path, is left in place and not overwritten this session. In both cases
///   `onError` is told and the slice starts from its default.
/// - **Write failures** are reported through `onError`; the in-memory state is untouched.
@MainActor
public final class StatePersistence<State> {
    /// Where the files live: the directory given, except in a test run, where a directory
    /// inside the app's own (under the home directory: `Library`, which holds Application
    /// Support and Caches, and `Documents`; on Linux the XDG data and cache directories) is
    /// replaced by one under the temporary directory, so that a test that makes a screen, and with it
    /// the app's file-scope store, never reads or writes the app's real files. A test of
    /// persistence itself passes a temporary directory, which is used as given.
    public let directory: URL
    private let slices: [PersistedSlice<State>]
    private let debounce: Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    private let onError: @MainActor (PersistenceError) -> Void
    /// Files that must not be overwritten this session (newer version, no migration).
    private var blockedFiles: Set<String> = []
    /// The store whose slices are saved; set by `attach`.
    private weak var store: Store<State>?
    /// One writer per file, made by `attach`.
    private var files: [String: SliceFile<State>] = [:]
    /// Whether the state changed since the last write.
    private var isDirty = false
    private var timer: Task<Void, Never>?
    /// The last write of each file: the next one waits for it, so writes land in order.
    private var lastWrite: [String: Task<Void, Never>] = [:]
    private var subscription: SubscriptionHandle?

    /// The number of files written so far.
    public private(set) var writeCount = 0

    /// Creates a persistence for `slices` in `directory`.
    ///
    /// - Parameters:
    ///   - directory: Where the files are kept; created when needed.
    ///   - slices: The slices to save, each to a file of its own.
    ///   - debounce: How long changes are coalesced before a write.
    ///   - clock: The clock that measures `debounce` (a test clock in tests).
    ///   - onError: Told, on the main actor, about every file that could not be restored
    ///     or written.
    ///
    /// Nonisolated, like `Store.init`, so that a file-scope `let persistence = ...` and
    /// `let store = Store(..., state: persistence.restored(AppState()))` compile in every
    /// language mode; like the store, it must be made on the main thread.
    public nonisolated init<C: Clock>(directory: URL, slices: [PersistedSlice<State>], debounce: Duration = .milliseconds(250),
                                      clock: C, onError: @escaping @MainActor (PersistenceError) -> Void = { _ in })
    where C.Duration == Duration {
        guard Set(slices.map(\.file)).count == slices.count else {
            fatalError("StatePersistence: two slices are saved to the same file; give each slice its own file name.")
        }
        self.directory = TestRunDirectory.resolve(directory)
        self.slices = slices
        self.debounce = debounce
        self.sleep = { duration in try await clock.sleep(for: duration) }
        self.onError = onError
    }

    /// Creates a persistence for `slices` in `directory`, timed by the real clock.
    ///
    /// - Parameters:
    ///   - directory: Where the files are kept; created when needed.
    ///   - slices: The slices to save, each to a file of its own.
    ///   - debounce: How long changes are coalesced before a write.
    ///   - onError: Told, on the main actor, about every file that could not be restored
    ///     or written.
    public nonisolated convenience init(directory: URL, slices: [PersistedSlice<State>], debounce: Duration = .milliseconds(250),
                                        onError: @escaping @MainActor (PersistenceError) -> Void = { _ in }) {
        self.init(directory: directory, slices: slices, debounce: debounce, clock: ContinuousClock(), onError: onError)
    }

    /// Returns `state` with every saved slice restored into it; a slice that cannot be
    /// restored keeps the value `state` has, and `onError` is told why. Temporary files
    /// that a crash left behind mid-write are removed (the file they were to replace is
    /// complete).
    ///
    /// Nonisolated, so that a file-scope store can be created with it (see `init`); it runs
    /// on the main thread, as the store's initializer does, and stops the program otherwise.
    ///
    /// - Parameter state: The initial state, with each slice's default.
    /// - Returns: The state to create the store with.
    public nonisolated func restored(_ state: State) -> State {
        MainThreadCheck.require("StatePersistence.restored(_:)")
        // On the main queue, so on the main actor: the state stays on this thread.
        let initial = MainActorBound(state)
        let restored = MainActor.assumeIsolated { MainActorBound(restoredOnMainActor(initial.isolatedValue)) }
        return restored.value
    }

    private func restoredOnMainActor(_ state: State) -> State {
        var state = state
        for slice in slices {
            let url = self.url(of: slice)
            StateFile.removeUnfinishedWrites(of: url)
            switch StateFile.read(url, version: slice.version, migrations: slice.migrations) {
            case .missing:
                break
            case .payload(let payload):
                do {
                    try slice.decodeInto(payload, &state)
                } catch {
                    if case .failure(let failure, let blocks) = StateFile.unreadable(url, because: "it does not decode as this slice (\(error))") {
                        report(failure, blocksWritesOf: blocks ? slice.file : nil)
                    }
                }
            case .failure(let failure, let blocks):
                report(failure, blocksWritesOf: blocks ? slice.file : nil)
            }
        }
        return state
    }

    /// Starts saving the slices of `store` after they change.
    ///
    /// - Complexity: Each dispatch then costs the main actor one flag; see the type's
    ///   discussion for when slices are taken.
    ///
    /// - Parameter store: The store whose state is saved; held weakly.
    public func attach(to store: Store<State>) {
        guard self.store == nil else {
            fatalError("StatePersistence: attach(to:) was called twice; create one persistence per store.")
        }
        self.store = store
        for slice in slices {
            // What the store holds now is what is on disk (restored) or the default: the
            // baseline a first write is compared with.
            files[slice.file] = SliceFile(slice: slice, url: url(of: slice), lastWritten: slice.take(store.state))
        }
        let observer = PersistenceObserver<State>(files: slices.map(\.file)) { [weak self] in self?.stateChanged() }
        subscription = store.observers.subscribe(observer)
        store.didMake(observer)
    }

    /// Stops saving; changes not yet written are dropped (call ``flush()`` first to keep
    /// them).
    public func detach() {
        subscription = nil
        timer?.cancel()
        timer = nil
        isDirty = false
        store = nil
    }

    /// Writes every pending change now and waits until all writes have finished.
    public func flush() async {
        timer?.cancel()
        timer = nil
        writePending()
        await waitForWrites()
    }

    /// Waits until the writes started so far have finished.
    public func waitForWrites() async {
        while let (file, write) = lastWrite.first {
            await write.value
            if lastWrite[file] == write { lastWrite[file] = nil }
        }
    }

    private func url(of slice: PersistedSlice<State>) -> URL {
        directory.appendingPathComponent(slice.file)
    }

    private func stateChanged() {
        isDirty = true
        // Coalesce: the first change starts the timer; later ones ride on it, so a stream
        // of changes is written at least once per `debounce`, never starved.
        guard timer == nil else { return }
        let sleep = self.sleep
        let debounce = self.debounce
        timer = EffectExecution.startTimer({ try await sleep(debounce) }) { [weak self] in
            self?.timer = nil
            self?.writePending()
        }
    }

    private func writePending() {
        guard isDirty, let store else { return }
        isDirty = false
        let state = store.state
        for slice in slices where !blockedFiles.contains(slice.file) {
            guard let file = files[slice.file] else { continue }
            let value = slice.take(state)
            let previous = lastWrite[slice.file]
            let url = url(of: slice)
            lastWrite[slice.file] = Task.detached { [weak self] in
                await previous?.value
                do {
                    if try await file.save(value) { await self?.didWrite() }
                } catch {
                    await self?.report(PersistenceError(
                        kind: .writeFailed, file: url, movedTo: nil,
                        message: "Saving \(url.lastPathComponent) failed (\(error)); the state in memory is untouched "
                            + "and the file keeps its previous contents."
                    ), blocksWritesOf: nil)
                }
            }
        }
    }

    private func didWrite() {
        writeCount += 1
    }

    private func report(_ error: PersistenceError, blocksWritesOf file: String?) {
        if let file { blockedFiles.insert(file) }
        onError(error)
    }
}
