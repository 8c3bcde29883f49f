import SignetWorlds
import Testing

@Suite struct WorldsLoginFormTests {
    @Test("reading a form names every missing or empty field, in order")
    func missingFields() {
        let fields = [FormField(name: "login", value: "a"), FormField(name: "password", value: ""), FormField(name: "other", value: "x")]
        guard case .failure(let missing) = WorldsLoginForm.read(fields) else {
            Issue.record("a form without password, deviceType and deviceId was accepted")
            return
        }
        #expect(missing.names == ["password", "deviceType", "deviceId"])
        #expect(missing.description == "missing form fields: password, deviceType, deviceId")
    }

    @Test("a complete form reads back, the first of repeated fields winning")
    func complete() throws {
        let fields = [
            FormField(name: "deviceId", value: "D"), FormField(name: "login", value: "L"), FormField(name: "login", value: "other"),
            FormField(name: "password", value: "P w"), FormField(name: "deviceType", value: "T"),
        ]
        let form = try WorldsLoginForm.read(fields).get()
        #expect(form == WorldsLoginForm(login: "L", password: "P w", deviceType: "T", deviceId: "D"))
    }

    @Test("the description and the field list never show the password")
    func descriptionRedacts() {
        let form = WorldsLoginForm(login: "ann@example.com", password: "s3cret pass", deviceType: "x86_64 - Linux 6.1.0", deviceId: "ID")
        #expect(form.description == "login=ann@example.com&password=<redacted>&deviceType=x86_64 - Linux 6.1.0&deviceId=ID")
        #expect(!"\(form.fields)".contains("s3cret"))
        #expect(String(decoding: form.encodedBody, as: UTF8.self)
            == "login=ann%40example.com&password=s3cret+pass&deviceType=x86_64+-+Linux+6.1.0&deviceId=ID")
    }

    @Test("media types name formats; parameters and case do not matter", arguments: [
        ("application/x-bplist", PropertyListFormat.binary), ("Application/X-Plist; charset=utf-8", .xml),
        ("text/xml", .xml), ("application/xml", .xml), ("text/plain;charset=utf-8", .openStep), ("text/x-plist", .openStep),
    ])
    func mediaTypes(mediaType: String, format: PropertyListFormat) {
        #expect(PropertyListFormat(mediaType: mediaType) == format)
    }

    @Test func unknownMediaTypes() {
        #expect(PropertyListFormat(mediaType: "application/json") == nil)
        #expect(PropertyListFormat(mediaType: "*/*") == nil)
        #expect(PropertyListFormat.openStep.mediaType == "text/plain")
        #expect(PropertyListFormat.xml.mediaType == "application/x-plist")
        #expect(PropertyListFormat.binary.mediaType == "application/x-bplist")
    }
}
