import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound, listening TCP socket (IPv4 or IPv6). Its descriptors are close-on-exec, so a host that relaunches
/// itself by `exec` can bind the same port again at once.
///
/// The descriptor is closed exactly once, and never while `accept` may be about to use it: a number closed twice,
/// or accepted on after its close, belongs by then to whatever the process opened next (another server's socket,
/// an event loop's descriptor), which would be shut under its owner.
final class ListeningSocket: Sendable {
    private let fd: Int32
    /// The port actually bound (differs from the requested one when that was 0).
    let port: UInt16
    private let life = Locked(Life())

    private struct Life: Sendable {
        /// A thread is in (or about to enter) the `accept` system call.
        var accepting = false
        /// `close()` was called: nothing is accepted any more.
        var stopped = false
        /// The descriptor was closed; its number is no longer ours.
        var released = false
    }

    /// Why a host could not listen.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(host: String, port: UInt16) throws(Failure) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &list)
        guard looked == 0, let first = list else {
            throw Failure(description: "cannot resolve \(host): \(String(cString: gai_strerror(looked)))")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = errno; continue }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 16) == 0 else {
                lastError = errno
                _ = Self.systemClose(fd)
                continue
            }
            self.fd = fd
            self.port = Self.localPort(of: fd) ?? port
            return
        }
        throw Failure(description: "cannot listen on \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// Blocks until a runner connects; nil once the socket was closed. One thread accepts at a time.
    func accept() -> Int32? {
        while true {
            let entered = life.withLock { s -> Bool in
                guard !s.stopped else { return false }
                s.accepting = true
                return true
            }
            guard entered else { return nil }
            let client = Self.systemAccept(fd)
            let code = errno
            // A close() that came while this thread was inside only shut the socket down; closing is left here.
            let stopped = life.withLock { s -> Bool in
                s.accepting = false
                if s.stopped { release(&s) }
                return s.stopped
            }
            if client >= 0 {
                if stopped {
                    _ = Self.systemClose(client)
                    return nil
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                var one: Int32 = 1
                _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return client
            }
            if !stopped && (code == EINTR || code == ECONNABORTED) { continue }
            return nil
        }
    }

    /// Stops accepting: a thread blocked in `accept` returns nil. Safe to call more than once and from any thread;
    /// the descriptor is closed here, or by the accepting thread as it leaves `accept`.
    func close() {
        life.withLock { s in
            guard !s.stopped else { return }
            s.stopped = true
            _ = shutdown(fd, Int32(SHUT_RDWR))
            if !s.accepting { release(&s) }
        }
    }

    private func release(_ s: inout Life) {
        guard !s.released else { return }
        s.released = true
        _ = Self.systemClose(fd)
    }

    deinit {
        life.withLock { s in release(&s) }
    }

    private static func systemAccept(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        return Darwin.accept(fd, nil, nil)
        #elseif canImport(Musl)
        return Musl.accept(fd, nil, nil)
        #else
        return Glibc.accept(fd, nil, nil)
        #endif
    }

    static func systemClose(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        return Darwin.close(fd)
        #elseif canImport(Musl)
        return Musl.close(fd)
        #else
        return Glibc.close(fd)
        #endif
    }

    private static func localPort(of fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard got == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } }
        default:
            return nil
        }
    }
}
