/// The SDK's hooks of the general pasteboard (IDS-12): a copy carries the UI identity it was made under and that
/// identity's clipboard level; a paste into a managed identity follows its own level (paste-in from unmanaged apps
/// only with `managedAppsWithPasteIn` or `allApps`), a paste anywhere else follows the copier's level.
extension DataTransferFlow {
    func copyToPasteboard(_ text: String) {
        guard let platform = connections.platform else { return }
        let owner = (identityRules.clipboardTaggedWithUIIdentity ? identities.uiIdentity : identities.processIdentity) ?? ""
        let managed = accounts.managedAccount(matching: owner)
        let level = managed.flatMap { clipboardLevel(of: $0) } ?? .allApps
        platform.pasteboard = IntuneMAMPasteboardItem(clipText: text, owner: owner, outboundLevel: level,
                                                      fromManagedApp: managed != nil)
    }

    func pasteFromPasteboard() -> String? {
        guard let item = connections.platform?.pasteboard else { return nil }
        guard let receiver = accounts.managedAccount(matching: identities.uiIdentity),
              let level = clipboardLevel(of: receiver) else {
            return item.pasted(intoManagedApp: false)
        }
        if accounts.sameAccount(item.owner, receiver) { return item.clipText }
        switch level {
        case .allApps:
            return item.clipText
        case .managedAppsWithPasteIn where identityRules.pasteInAcceptedWhenAllowed:
            return item.clipText
        case .managedApps where !identityRules.pasteInRefusedWhenNotAllowed:
            return item.clipText
        case .managedApps, .managedAppsWithPasteIn:
            return item.fromManagedApp ? item.clipText : nil
        case .blocked:
            return nil
        }
    }

    /// The managed account's clipboard level, nil when it has no policy.
    private func clipboardLevel(of account: String) -> IntuneMAMClipboardLevel? {
        guard let policy = policies.appPolicy(forAccountId: account) else { return nil }
        return identityRules.clipboardRestricted ? policy.rules.clipboardLevel : .allApps
    }
}
