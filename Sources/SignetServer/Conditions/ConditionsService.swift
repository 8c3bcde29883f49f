import Foundation
import HTTPTypes
import Hummingbird

/// `GET /conditions` → `[{"name", "_id"}]` and `GET /conditions/:id` → `{"name", "_id", "condition"}`,
/// unsigned, from ``ConditionsCatalog``.
struct ConditionsService: ReferenceService {
    private struct Summary: Encodable {
        let name: String
        let id: String
        enum CodingKeys: String, CodingKey { case name, id = "_id" }
    }

    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        router.get("conditions") { _, _ in
            try JSONResponse.make(ConditionsCatalog.entries.map { Summary(name: $0.name, id: $0.id) })
        }
        router.get("conditions/:id") { _, context in
            let id = try context.parameters.decoded("id")
            guard let entry = ConditionsCatalog.entries.first(where: { $0.id == id }) else {
                return JSONResponse.error(.notFound, message: "no condition with _id '\(id)'")
            }
            return JSONResponse.make(bytes: Array(entry.document.utf8), status: .ok)
        }
    }
}
