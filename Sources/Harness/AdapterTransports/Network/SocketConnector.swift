#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Opens a TCP connection with a deadline: a host that does not answer must not hold the run for the kernel's
/// two-minute connect timeout. Blocking: call it on a dedicated thread.
enum SocketConnector {
    /// Why a connection could not be made, in words for "no adapter at HOST:PORT: …".
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Nothing listens there (yet): worth retrying while a host relaunches.
        var refused: Bool
    }

    static func connect(to address: AdapterAddress, deadline: Date) throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_NUMERICSERV
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard looked == 0, let first = list else {
            throw Failure(description: "cannot resolve \(address.host): \(String(cString: gai_strerror(looked)))", refused: false)
        }
        defer { freeaddrinfo(list) }
        var failure = Failure(description: "no address to connect to", refused: false)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            do { return try attempt(info.pointee, deadline: deadline) } catch { failure = error }
        }
        throw failure
    }

    private static func attempt(_ info: addrinfo, deadline: Date) throws(Failure) -> Int32 {
        let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno)), refused: false) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if systemConnect(fd, info.ai_addr, info.ai_addrlen) == 0 { return fd }
        guard errno == EINPROGRESS || errno == EINTR else {
            let code = errno
            _ = close(fd)
            throw Failure(description: String(cString: strerror(code)).lowercased(), refused: code == ECONNREFUSED)
        }
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                _ = close(fd)
                throw Failure(description: "no answer to the connection attempt", refused: false)
            }
            let polled = poll(&ready, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up)))
            if polled < 0 && errno == EINTR { continue }
            if polled <= 0 { continue }
            break
        }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
        guard code == 0 else {
            _ = close(fd)
            throw Failure(description: String(cString: strerror(code)).lowercased(), refused: code == ECONNREFUSED)
        }
        return fd
    }

    private static func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        return Glibc.connect(fd, address, length)
        #else
        return Darwin.connect(fd, address, length)
        #endif
    }
}
