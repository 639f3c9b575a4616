// issue 27: file provider extensions (EXT)

/// The reference's stand-in for FileProvider's `NSFileProviderItem` (Linux has no FileProvider framework): an item a
/// replicated file provider extension hands the system, known by its identifier. The SDK records its owner when the
/// extension calls `protectFileProviderItem:forAccountId:` (EXT-04).
public struct FileProviderItem: Sendable, Hashable {
    public var itemIdentifier: String
    public init(itemIdentifier: String) { self.itemIdentifier = itemIdentifier }
}
