#if canImport(Glibc)
import Glibc

/// TCP's socket type for `socket(2)`: Glibc imports `SOCK_STREAM` as an enum case.
let streamSocketType = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
import Darwin

/// TCP's socket type for `socket(2)`: Darwin imports `SOCK_STREAM` as an `Int32`.
let streamSocketType = SOCK_STREAM
#endif
