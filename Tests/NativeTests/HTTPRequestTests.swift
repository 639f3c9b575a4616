import CurlHTTP
import Foundation
import Testing

@Suite("HTTPRequest conveniences")
struct HTTPRequestTests {
    @Test func formBodyIsPercentEncodedUTF8() {
        let request = HTTPRequest.form(url: "http://127.0.0.1/token", fields: [
            ("grant_type", "client_credentials"),
            ("scope", "https://graph.microsoft.com/.default"),
            ("odd key", "a b&c=d+e%f/é~._-"),
        ])
        #expect(request.method == "POST")
        #expect(request.header("content-type") == "application/x-www-form-urlencoded")
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(body == "grant_type=client_credentials"
            + "&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default"
            + "&odd%20key=a%20b%26c%3Dd%2Be%25f%2F%C3%A9~._-")
    }

    @Test func jsonSetsAcceptContentTypeAndBearer() {
        let withBody = HTTPRequest.json("PATCH", "http://127.0.0.1/x", body: Data("{}".utf8), bearer: "tok")
        #expect(withBody.method == "PATCH")
        #expect(withBody.header("Accept") == "application/json")
        #expect(withBody.header("Content-Type") == "application/json")
        #expect(withBody.header("Authorization") == "Bearer tok")

        let bare = HTTPRequest.json("GET", "http://127.0.0.1/x", body: nil, bearer: nil)
        #expect(bare.header("Content-Type") == nil)
        #expect(bare.header("Authorization") == nil)
    }

    @Test func errorDescriptionNamesMethodURLAndCode() {
        let error = HTTPClientError.transport(code: 7, message: "Couldn't connect to server",
                                              method: "GET", url: "http://127.0.0.1:9/x")
        #expect(error.description == "GET http://127.0.0.1:9/x failed: curl error 7: Couldn't connect to server")
    }
}
