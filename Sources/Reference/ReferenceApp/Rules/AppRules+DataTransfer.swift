extension AppRules {
    /// The policy questions the app asks before data leaves or enters it (POL-07, POL-08, POL-09, POL-13).
    struct DataTransfer: Equatable, Sendable {
        /// When the app asks `isSaveToAllowedForLocation` (POL-07).
        enum SaveQuestion: Equatable, Sendable {
            /// Before saving, acting only on a yes (the documented rule).
            case beforeSaving
            case never
            case afterSaving
        }

        /// How the app checks a link before it opens it (POL-13).
        enum LinkCheck: Equatable, Sendable {
            /// `isURLAllowed`, then `canOpenURL` under the empty identity: the app dropped its `-intunemam` query
            /// schemes (the reference's reading, the case 002:112 is about).
            case isURLAllowedThenEmptyIdentity
            /// The app kept its `-intunemam` query schemes: `canOpenURL` under its own identity, which the SDK answers
            /// through the twins.
            case canOpenURLThroughTwins
        }

        /// The location the app names when data comes from the photo album (POL-08).
        enum PhotoAlbumLocation: Equatable, Sendable {
            case photos
            /// 003:533: the camera constant is for the camera or the photo album.
            case camera
        }

        // issue 27: unlisted locations
        /// How the app tells that storage the location enumerations do not list is the managed account's own (POL-51).
        enum UnlistedStorageMatch: Equatable, Sendable {
            /// Signed in with the managed account itself: the same Entra object ID (003:543-547, the documented rule).
            case sameAccount
            /// Signed in as the managed account's UPN, which another service's account may share.
            case sameUPN
        }

        var saveQuestion: SaveQuestion
        /// A refused save is not made (POL-07).
        var saveHonoursRefusal: Bool
        /// The save question names the location's own account (none for local drive and camera roll) (POL-07).
        var saveNamesLocationAccount: Bool
        /// Saving to the app's own storage is asked as `accountDocument` with the owner (POL-07).
        var ownStorageAskedAsAccountDocument: Bool
        /// Data opens only after `isOpenFromAllowedForLocation` was asked (POL-08).
        var opensOnlyAfterAsking: Bool
        /// A refused open does not happen (POL-08).
        var openHonoursRefusal: Bool
        /// The open question asks the receiving account's policy (POL-08).
        var openAsksReceiverPolicy: Bool
        /// Sharing uses the system share sheet the SDK filters (POL-09).
        var usesSystemShareSheet: Bool
        /// A link opens only after `isURLAllowed` was asked (POL-13).
        var linkOpensOnlyAfterAsking: Bool
        /// A refused link does not open (POL-13).
        var linkHonoursRefusal: Bool
        /// Links are checked and opened under the empty identity (POL-13).
        var linkOpensUnderEmptyIdentity: Bool
        /// The app vouches for a known managed app's scheme (`isKnownManagedAppScheme`) (POL-13).
        var vouchesForManagedSchemes: Bool
        var linkCheck: LinkCheck
        var photoAlbumLocation: PhotoAlbumLocation
        // issue 27: unlisted locations
        var unlistedStorageMatch: UnlistedStorageMatch
        /// Storage the app cannot classify is asked about as `other` (003:543: unknown locations are `other` unless
        /// opened with the managed account), POL-51.
        var unclassifiedAskedAsOther: Bool

        init(_ broken: Broken, _ read: Read) {
            saveQuestion = broken(.saveWithoutAsking) ? .never : broken(.saveAskedAfterSaving) ? .afterSaving : .beforeSaving
            saveHonoursRefusal = !broken(.saveRefusalIgnored)
            saveNamesLocationAccount = !broken(.saveOwnerForEveryLocation)
            ownStorageAskedAsAccountDocument = !broken(.ownStorageAskedAsOther)
            opensOnlyAfterAsking = !broken(.openWithoutAsking)
            openHonoursRefusal = !broken(.openRefusalIgnored)
            openAsksReceiverPolicy = !broken(.openAsksLocationAccountPolicy)
            usesSystemShareSheet = !broken(.customShareList)
            linkOpensOnlyAfterAsking = !broken(.linkOpenedWithoutAsking)
            linkHonoursRefusal = !broken(.linkRefusalIgnored)
            linkOpensUnderEmptyIdentity = !broken(.linkOpenedUnderManagedIdentity)
            vouchesForManagedSchemes = !broken(.managedSchemeNotVouched)
            linkCheck = read(.linksCheckedThroughQuerySchemeTwins) ? .canOpenURLThroughTwins : .isURLAllowedThenEmptyIdentity
            photoAlbumLocation = read(.photoAlbumOpenedAsCamera) ? .camera : .photos
            // issue 27: unlisted locations
            unlistedStorageMatch = broken(.unlistedStorageMatchedByUpn) ? .sameUPN : .sameAccount
            unclassifiedAskedAsOther = !broken(.unclassifiedLocationAskedAsAccountDocument)
        }
    }
}
