import SignetWorlds
import Testing
@testable import SignetServer

@Suite struct FormEncodingTests {
    @Test func escapesEverythingButUnreservedCharacters() {
        #expect(FormURLEncoder.encode(component: "AZaz09-._~") == "AZaz09-._~")
        #expect(FormURLEncoder.encode(component: "a b+c&d=e") == "a+b%2Bc%26d%3De")
        #expect(FormURLEncoder.encode(component: "%/?#[]@!$'()*,;:") == "%25%2F%3F%23%5B%5D%40%21%24%27%28%29%2A%2C%3B%3A")
        #expect(FormURLEncoder.encode(component: "é€🏰") == "%C3%A9%E2%82%AC%F0%9F%8F%B0")
        #expect(FormURLEncoder.encode(component: "\n\"\\") == "%0A%22%5C")
    }

    @Test func encodesTheLoginBodyInOrder() {
        let body = FormURLEncoder.encode([
            FormField(name: "login", value: "ios.test@xyrality.com"),
            FormField(name: "password", value: "password"),
            FormField(name: "deviceType", value: "x86_64 - Linux 6.1.0"),
            FormField(name: "deviceId", value: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        ])
        #expect(
            body
                == "login=ios.test%40xyrality.com&password=password&deviceType=x86_64+-+Linux+6.1.0&deviceId=E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        )
    }

    @Test(arguments: [
        "p@ss w0rd+&=%", "100%+sure", "a&b=c&d", "   ", "", "Ünïcødé 🏰 пароль", "%2B literally", "+++", "tab\there\r\n",
    ])
    func awkwardPasswordsRoundTrip(password: String) throws {
        let fields = [FormField(name: "login", value: "me@example.com"), FormField(name: "password", value: password)]
        let decoded = try FormURLDecoder.decode(FormURLEncoder.encode(fields))
        #expect(decoded == fields)
        #expect(decoded.firstValue(named: "password") == password)
    }

    @Test func decoderFollowsTheFormRules() throws {
        #expect(try FormURLDecoder.decode("a=1+2&b=%41%62&&c&d=&=e&a=again") == [
            FormField(name: "a", value: "1 2"), FormField(name: "b", value: "Ab"), FormField(name: "c", value: ""),
            FormField(name: "d", value: ""), FormField(name: "", value: "e"), FormField(name: "a", value: "again"),
        ])
        #expect(try FormURLDecoder.decode("") == [])
        #expect(try FormURLDecoder.decode("x=a=b") == [FormField(name: "x", value: "a=b")])
    }

    @Test func badEscapesNameTheirOffset() {
        #expect(throws: FormDecodingError.invalidPercentEscape(offset: 8)) { try FormURLDecoder.decode("login=a&%zz=1") }
        #expect(throws: FormDecodingError.invalidPercentEscape(offset: 11)) { try FormURLDecoder.decode("password=ab%4") }
        #expect(throws: FormDecodingError.invalidPercentEscape(offset: 2)) { try FormURLDecoder.decode("a=%") }
        #expect(throws: FormDecodingError.invalidUTF8(offset: 9)) { try FormURLDecoder.decode("password=%C3%28") }
        #expect(throws: FormDecodingError.bodyTooLarge(byteCount: 5, limit: 4)) {
            try FormURLDecoder.decode("a=bcd", maximumByteCount: 4)
        }
    }

    @Test func errorsAndDescriptionsNeverShowASecret() throws {
        let password = "s3cr3t%zz"
        do {
            _ = try FormURLDecoder.decode("password=\(password)")
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains("s3cr3t"))
        }
        #expect(FormField(name: "password", value: "s3cr3t").description == "password=<redacted>")
        #expect(FormField(name: "login", value: "me").description == "login=me")
        #expect(!"\([FormField(name: "Password", value: "s3cr3t")])".contains("s3cr3t"))
    }
}
