import Foundation
@testable import ReferenceSDK
import Testing

/// The policy a check-in delivered, as the SDK keeps it: compact JSON with sorted keys, every value as the service
/// wrote it (Booleans stay Booleans, whole numbers stay whole), the same text `JSONSerialization` wrote for it.
@Suite("Policy JSON as the SDK keeps it")
struct PolicyJSONTests {
    @Test("a policy reads back as the service's values, keys sorted", arguments: [
        (#"{"pinRequired":true,"minimumPinLength":4,"version":"1"}"#, #"{"minimumPinLength":4,"pinRequired":true,"version":"1"}"#),
        (#"{"allowedDataStorageLocations":["oneDriveForBusiness","sharePoint"],"saveAsBlocked":false}"#,
         #"{"allowedDataStorageLocations":["oneDriveForBusiness","sharePoint"],"saveAsBlocked":false}"#),
        (#"{"ratio":0.5,"negative":-3,"large":9007199254740993,"whole":1.0}"#,
         #"{"large":9007199254740993,"negative":-3,"ratio":0.5,"whole":1}"#),
        (#"{"nested":{"b":[1,false,null],"a":{}},"empty":[]}"#, #"{"empty":[],"nested":{"a":{},"b":[1,false,null]}}"#),
        (#"{"path":"a/b","quote":"\"q\"\n","accent":"\u00e9"}"#, #"{"accent":"é","path":"a\/b","quote":"\"q\"\n"}"#),
    ])
    func keptAsSent(answer: String, kept: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        #expect(String(decoding: try PolicyJSON.data(object), as: UTF8.self) == kept)
    }

    @Test("the service's camel-case policies are kept byte for byte as JSONSerialization wrote them")
    func sameAsJSONSerialization() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(SDKWarmUp.sampleCheckIn.utf8)) as? [String: Any])
        let policy = try #require(object["policy"] as? [String: Any])
        #expect(try PolicyJSON.data(policy) == JSONSerialization.data(withJSONObject: policy, options: [.sortedKeys]))
    }

    @Test("a value JSON has no form for is refused")
    func refusesOtherValues() {
        #expect(throws: EncodingError.self) { try PolicyJSON.data(["when": Date()]) }
    }
}
