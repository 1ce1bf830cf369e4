/// Key paths as people write them; shared by traces, streams, ReflowTesting's `PropsRecorder` and the devtools.
package enum KeyPathLabel {
    /// `\Props.title` as `\.title`, so that names do not depend on what a type is called.
    ///
    /// A key path prints as its source from Swift 5.8's runtime on, which is why the package
    /// declares macOS 13.3, iOS 16.4, tvOS 16.4 and watchOS 9.4 as its minimums.
    package static func relative(_ keyPath: AnyKeyPath) -> String {
        let written = String(describing: keyPath)
        let root = "\\\(String(describing: type(of: keyPath).rootType))."
        return written.hasPrefix(root) ? "\\." + written.dropFirst(root.count) : written
    }
}
