import CCurl

/// The origin of an absolute `http`/`https` URL: scheme, host and port, as libcurl itself reads the URL.
///
/// Credentials must go only to the origin they were configured for, so a client compares the origin of every URL
/// it is handed (a next-page link, a redirect) with the configured one. Parsing with another URL parser than the
/// one that connects would invite parser differentials (`http://a\@b/`, `http://b#@a/`, `http://127.1/`), where the
/// check reads one host and curl connects to another; so curl's own URL API (`curl_url`) parses here, exactly as
/// `curl_easy_perform` will. The scheme and host are lower-cased, the port is always explicit (80 and 443 by
/// default), and IPv4 and IPv6 hosts come out in curl's normal form (IPv6 in brackets).
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of `url`; nil when it is not an absolute `http` or `https` URL curl would accept.
    public init?(url: String) {
        guard CurlGlobal.initResult == 0, let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK,
              let scheme = Self.part(handle, CURLUPART_SCHEME, flags: 0)?.lowercased(),
              scheme == "http" || scheme == "https",
              let host = Self.part(handle, CURLUPART_HOST, flags: 0)?.lowercased(), !host.isEmpty,
              let portText = Self.part(handle, CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)), let port = Int(portText)
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// `scheme://host:port`, the port always written.
    public var description: String { "\(scheme)://\(host):\(port)" }

    private static func part(_ handle: OpaquePointer, _ what: CURLUPart, flags: UInt32) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, what, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
