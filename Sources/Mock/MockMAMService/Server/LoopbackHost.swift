import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether an address to bind reaches only this machine, decided on the parsed address, never on its text.
///
/// A text match (`hasPrefix("127.")`) takes `127.example.com`, a name anyone can point anywhere, for loopback and
/// would open the controls without a token. So: an IPv4 literal must be in 127.0.0.0/8, an IPv6 literal must be
/// `::1` or an IPv4-mapped loopback, in any spelling; a name must resolve, and every address it resolves to must be
/// loopback (`localhost` usually does; a name that does not resolve is not loopback).
enum LoopbackHost {
    static func isLoopback(_ host: String) -> Bool {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !literal.isEmpty else { return false }
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 { return isLoopback(v4) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, literal, &v6) == 1 { return isLoopback(v6) }
        return resolvesOnlyToLoopback(literal)
    }

    private static func isLoopback(_ address: in_addr) -> Bool {
        UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    private static func isLoopback(_ address: in6_addr) -> Bool {
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        // ::ffff:127.x.y.z, an IPv4 loopback address in IPv6 form.
        return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }

    private static func resolvesOnlyToLoopback(_ name: String) -> Bool {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &results) == 0, let first = results else { return false }
        defer { freeaddrinfo(first) }
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            guard let address = entry.pointee.ai_addr else { return false }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let loopback = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { isLoopback($0.pointee.sin_addr) }
                guard loopback else { return false }
            case AF_INET6:
                let loopback = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { isLoopback($0.pointee.sin6_addr) }
                guard loopback else { return false }
            default:
                return false
            }
            cursor = entry.pointee.ai_next
        }
        return true
    }
}
