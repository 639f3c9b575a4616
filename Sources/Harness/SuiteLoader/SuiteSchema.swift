import AdapterProtocol
import ConformanceCore

/// The JSON Schema of a suite file (`docs/schemas/suite.schema.json`), built from the same vocabulary and
/// message types the loader checks against, so an editor with yaml-language-server completes and checks
/// suites as `mamconf validate` does (positions of alias errors and fixture lookups aside).
public enum SuiteSchema {
    public static var document: JSONValue {
        [
            "$schema": .string(ProtocolSchemas.draft),
            "$id": "urn:mamconf:suite-format:v1",
            "title": "mamconf suite file",
            "description": "A scripted suite: cases that check one behaviour area of a MAM SDK integration. See docs/suite-format.md.",
            "type": "object",
            "additionalProperties": false,
            "required": ["suite", "title", "cases"],
            "properties": [
                "suite": ["type": "string", "description": "suite id: the JUnit testsuite name"],
                "title": ["type": "string"],
                "requirements": requirementList,
                "secrets": ["type": "array", "items": ["type": "string"], "description": "extra values to redact everywhere"],
                "defaults": [
                    "type": "object", "additionalProperties": false,
                    "properties": ["tenant": ["type": "string"], "policies": strings, "settings": settings, "guards": guards],
                ],
                "cases": ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/case"]],
            ],
            "$defs": [
                "case": [
                    "type": "object", "additionalProperties": false, "required": ["id", "title", "requirements", "steps"],
                    "properties": [
                        "id": ["type": "string"], "title": ["type": "string"], "requirements": requirementList,
                        "tenant": ["type": "string"], "policies": strings, "settings": settings,
                        "needs": ["type": "array", "items": ["enum": .array(Capability.allCases.map { .string($0.rawValue) })]],
                        "sdk": [
                            "description": "the SDK versions the case holds for, when fewer than its requirements' (from inclusive, before exclusive)",
                            "type": "object", "additionalProperties": false, "minProperties": 1,
                            "properties": ["from": ["type": "string"], "before": ["type": "string"]],
                        ],
                        "steps": ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/step"]],
                        "guards": guards,
                    ],
                ],
                "step": ["oneOf": .array(steps)],
                "matcher": [
                    "description": "a matcher written as a YAML tag (!present, !absent); a JSON Schema validator reads the tag as this string",
                    "enum": .array(StepParser.matcherTags.map(JSONValue.string)),
                ],
                "duration": [
                    "description": "seconds, or a number with unit ms, s, m, h or d (250ms, 90s, 30m, 8h, 2d)",
                    "anyOf": [["type": "number", "minimum": 0], ["type": "string", "pattern": #"^[0-9]+(\.[0-9]+)?(ms|[smhd])?$"#]],
                ],
            ],
        ]
    }

    static let strings: JSONValue = ["type": "array", "items": ["type": "string"]]
    static let requirementList: JSONValue = ["type": "array", "items": ["type": "string", "pattern": "^[A-Z]{2,4}-[0-9]{2}$"]]
    static var settings: JSONValue { Vocabulary.settingsSchema.partialJSONSchema }
    static let within: JSONValue = ["$ref": "#/$defs/duration"]
    static let guards: JSONValue = [
        "description": .string("the run-wide guards (RUN-01, RUN-02): wipe: false lets a wipe question nothing in the case caused pass; prompts: N bounds the sign-in and the PIN prompts (default \(CaseGuards.defaultPromptLimit) each), false turns the bound off"),
        "type": "object", "additionalProperties": false,
        "properties": ["wipe": ["type": "boolean"], "prompts": ["anyOf": [["type": "boolean"], ["type": "integer", "minimum": 1]]]],
    ]

    /// One schema per step shape: each action and query with its params and (partial) result, each
    /// question with its answer, each event selector with the members of its event, and the rest.
    static var steps: [JSONValue] {
        var out: [JSONValue] = []
        for method in Vocabulary.actions {
            var with = method.paramsSchema.jsonSchema
            if method == .appSignIn { with = allowUser(with) }
            out.append(step(["do": ["const": .string(method.rawValue)], "with": with, "result": expectation(method.resultSchema)],
                            required: ["do"], description: method.summary))
        }
        for query in Vocabulary.queries {
            out.append(step(["check": ["const": .string(query.rawValue)], "with": query.paramsSchema.jsonSchema, "is": expectation(query.resultSchema)],
                            required: ["check", "is"], description: query.summary))
        }
        for question in Question.allCases {
            var answer = question.answerSchema.jsonSchema
            if question == .signIn { answer = allowUser(answer) }
            out.append(step(["answer": ["const": .string(question.rawValue)], "with": answer, "times": ["type": "integer", "minimum": 1]],
                            required: ["answer"], description: question.summary))
        }
        for kind in ["expect", "expect_no"] {
            var members: [String: JSONValue] = [kind: ["oneOf": .array(EventSelectorKind.allCases.map(pattern))]]
            if kind == "expect" {
                members["count"] = ["anyOf": [
                    ["type": "integer", "minimum": 0],
                    object(["min": ["type": "integer", "minimum": 0], "max": ["type": "integer", "minimum": 0]], required: []),
                ]]
            }
            out.append(step(members, required: [kind], description: kind == "expect" ? "an event must arrive" : "no such event may have arrived by the next sync"))
        }
        let anyPattern: JSONValue = ["oneOf": .array(EventSelectorKind.allCases.map(pattern))]
        let stage: JSONValue = ["anyOf": [anyPattern, ["type": "array", "minItems": 2, "items": anyPattern,
                                                       "description": "patterns that may arrive in any order among themselves"]]]
        out.append(step(["expect_order": ["type": "array", "minItems": 2, "items": stage]],
                        required: ["expect_order"], description: "events matching these patterns (or stages of patterns) must arrive in this order"))
        out.append(step(["advance_clock": ["$ref": "#/$defs/duration"]], required: ["advance_clock"], description: "move both clocks forward"))
        out.append(step(["check_backend": ["oneOf": [
            object(["registration": ["type": "string"], "exists": ["type": "boolean"]], required: ["registration"]),
            object(["journal": routes, "count": ["type": "integer", "minimum": 0], "min": ["type": "integer", "minimum": 0],
                    "client": ["enum": .array(RegistrationName.allCases.map { .string($0.rawValue) })],
                    "authority": ["enum": .array(AuthorityName.allCases.map { .string($0.rawValue) })]], required: ["journal"]),
        ]]], required: ["check_backend"], description: "state the backend must show"))
        let scalarMap: JSONValue = ["type": "object", "additionalProperties": ["type": ["string", "number", "boolean"]]]
        let status: JSONValue = ["type": "integer", "minimum": 400, "maximum": 599]
        let duration: JSONValue = ["$ref": "#/$defs/duration"]
        out.append(step(["backend": ["oneOf": [
            object(["wipe": ["type": "string"]], required: ["wipe"]),
            object([
                "fault": routes, "status": status, "retry_after": duration, "drop": ["const": true],
                "malformed": ["const": true], "delay": duration, "hold": ["const": true], "times": ["type": "integer", "minimum": 1],
            ], required: ["fault"]),
            object(["release": routes], required: ["release"]),
            object(["fault_schedule": object([
                "routes": ["type": "array", "items": routes, "minItems": 1], "rate": ["type": "number", "minimum": 0, "maximum": 1],
                "faults": ["type": "array", "minItems": 1, "items": object([
                    "status": status, "retry_after": duration, "drop": ["const": true], "malformed": ["const": true],
                ], required: [])],
                "limit": ["type": "integer", "minimum": 1], "seed": ["type": "integer", "minimum": 0],
            ], required: ["routes", "rate", "faults"])], required: ["fault_schedule"]),
            object(["clear_faults": ["const": true]], required: ["clear_faults"]),
            object(["app_config": ["type": "string"], "settings": scalarMap, "assign_to": strings, "delete": ["type": "boolean"]], required: ["app_config"]),
            object(["device_config": ["type": "string"], "settings": scalarMap, "assign_to": strings, "delete": ["type": "boolean"]], required: ["device_config"]),
            object(["default_app_config": scalarMap], required: ["default_app_config"]),
            object(["device_user": ["type": ["string", "null"]]], required: ["device_user"]),
            object(["policy": ["type": "string"], "settings": ["type": "object"]], required: ["policy", "settings"]),
            object(["rename_user": ["type": "string"], "upn": ["type": "string"]], required: ["rename_user", "upn"]),
        ]]], required: ["backend"], description: "act on the backend as an administrator or a failing service"))
        return out
    }

    /// The partial schema of an expectation, where any member may be a matcher instead of a value.
    static func expectation(_ schema: WireSchema) -> JSONValue { allowingMatchers(schema.partialJSONSchema) }

    private static func allowingMatchers(_ schema: JSONValue) -> JSONValue {
        guard var object = schema.objectValue else { return schema }
        let matcher: JSONValue = ["$ref": "#/$defs/matcher"]
        if let properties = object["properties"]?.objectValue {
            object["properties"] = .object(properties.mapValues { ["anyOf": [allowingMatchers($0), matcher]] })
        }
        if let additional = object["additionalProperties"], additional.objectValue != nil {
            object["additionalProperties"] = ["anyOf": [allowingMatchers(additional), matcher]]
        }
        if let items = object["items"] { object["items"] = ["anyOf": [allowingMatchers(items), matcher]] }
        return .object(object)
    }

    static var routes: JSONValue { ["enum": .array(ServiceRoute.allCases.map { .string($0.rawValue) })] }

    static func step(_ members: [String: JSONValue], required: [String], description: String) -> JSONValue {
        var all = members
        all["within"] = within
        return ["type": "object", "additionalProperties": false, "required": .array(required.map(JSONValue.string)),
                "properties": .object(all), "description": .string(description)]
    }

    static func object(_ members: [String: JSONValue], required: [String]) -> JSONValue {
        ["type": "object", "additionalProperties": false, "required": .array(required.map(JSONValue.string)), "properties": .object(members)]
    }

    /// `user: alice` stands for the alias's UPN and password.
    static func allowUser(_ schema: JSONValue) -> JSONValue {
        guard var object = schema.objectValue, var members = object["properties"]?.objectValue else { return schema }
        members["user"] = ["type": "string", "description": "a user alias: expands to its upn and password"]
        object["properties"] = .object(members)
        object["required"] = nil
        return .object(object)
    }

    /// An event pattern: exactly one selector key naming the event, plus members of that event's params.
    static func pattern(_ kind: EventSelectorKind) -> JSONValue {
        let eventSchema: WireSchema = kind.event?.paramsSchema ?? .object(name: "question", properties: [])
        var members = expectation(eventSchema)["properties"]?.objectValue ?? [:]
        if let discriminator = kind.discriminator { members[discriminator] = nil }
        if kind == .question {
            // A question's members differ per question; any member of any question's params may be named.
            for question in Question.allCases {
                for (name, schema) in expectation(question.paramsSchema)["properties"]?.objectValue ?? [:] { members[name] = schema }
            }
        }
        members[kind.rawValue] = kind.names.map { ["enum": .array($0.map(JSONValue.string))] } ?? ["type": "string"]
        if kind == .status, let name = members[kind.rawValue] {
            // Several statuses (any of them), or !present for any status.
            members[kind.rawValue] = ["anyOf": [name, ["type": "array", "minItems": 1, "items": name], ["$ref": "#/$defs/matcher"]]]
        }
        return object(members, required: [kind.rawValue])
    }
}
