import CCurl

/// Process-wide libcurl initialisation.
///
/// `curl_global_init` must run once before the first easy handle exists; a `static let` gives exactly-once
/// semantics without a lock of our own. There is deliberately no cleanup: FoundationNetworking shares the
/// same `libcurl.so.4` in this process, and `curl_global_cleanup` would pull it out from under it.
enum CurlGlobal {
    /// The `CURLcode` of the one `curl_global_init(CURL_GLOBAL_ALL)` call (0 = success).
    static let initResult: Int = Int(ccurl_global_init_all().rawValue)
}
