/// The Graph objects of one arranged tenant: ids by the name the case's fixtures and steps use, and every
/// object created, so later steps can change them and teardown can delete them.
actor ArrangedObjects {
    private var ids: [String: String] = [:]
    private(set) var created: [GraphObject] = []

    func id(_ name: String) -> String? { ids[name] }

    func record(_ object: GraphObject, as name: String?) {
        if let name { ids[name] = object.id }
        created.append(object)
    }

    func forget(_ name: String, deleted object: GraphObject) {
        ids[name] = nil
        created.removeAll { $0 == object }
    }
}
