/// The resources tokens are issued for.
///
/// The MAM resource is the one the real SDK asks tokens for (see shared/spec/graph-backend.md §4), so an
/// integration that requests the wrong resource fails against the mock the same way it would in production.
enum Audiences {
    static let graph = "https://graph.microsoft.com"
    static let graphDefaultScope = "https://graph.microsoft.com/.default"
    static let mamService = "https://msmamservice.api.application"
}
