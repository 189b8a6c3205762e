"""jsonschema_lite.py — a JSON Schema (draft 2020-12) validator for the subset
docs/schema/*.schema.json use, so `make check` needs no package (PyPI is not
reachable and Debian's python3-jsonschema may be missing).

Keywords: type, enum, const, properties, required, additionalProperties,
patternProperties, propertyNames, items, prefixItems, minItems, maxItems,
minimum, maximum, exclusiveMinimum, exclusiveMaximum, pattern, minLength,
anyOf, oneOf, allOf, $ref (local "#/$defs/NAME" only), $defs; annotations
($schema, $id, $comment, title, description, examples) are ignored. A schema
using any other keyword is refused (SchemaError), so a keyword this validator
does not know can never pass silently.
"""
import re

ANNOTATIONS = {"$schema", "$id", "$comment", "title", "description", "examples", "$defs", "default"}
ASSERTIONS = {"type", "enum", "const", "properties", "required", "additionalProperties",
              "patternProperties", "propertyNames", "items", "prefixItems", "minItems", "maxItems",
              "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern", "minLength",
              "anyOf", "oneOf", "allOf", "$ref"}
TYPES = {"object", "array", "string", "number", "integer", "boolean", "null"}


class SchemaError(Exception):
    pass


def json_type_ok(v, t):
    if t == "null":
        return v is None
    if t == "boolean":
        return isinstance(v, bool)
    if t == "integer":
        return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "string":
        return isinstance(v, str)
    if t == "array":
        return isinstance(v, list)
    if t == "object":
        return isinstance(v, dict)
    raise SchemaError("unknown type %r" % t)


def json_equal(a, b):
    """JSON equality: 1 == 1.0, but true != 1 and "1" != 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def check_schema(s, where="#"):
    """Refuse keywords outside the subset, and malformed values, anywhere in s."""
    if isinstance(s, bool):
        return
    if not isinstance(s, dict):
        raise SchemaError("%s: a schema must be an object or a boolean" % where)
    for k, v in s.items():
        if k not in ANNOTATIONS and k not in ASSERTIONS:
            raise SchemaError("%s: keyword %r is not supported by jsonschema_lite" % (where, k))
    t = s.get("type")
    if t is not None:
        for x in (t if isinstance(t, list) else [t]):
            if x not in TYPES:
                raise SchemaError("%s: unknown type %r" % (where, x))
    if "$ref" in s and not re.fullmatch(r"#/\$defs/[A-Za-z0-9_.-]+", s["$ref"]):
        raise SchemaError("%s: only local #/$defs/NAME references are supported" % where)
    for k in ("properties", "patternProperties", "$defs"):
        for name, sub in s.get(k, {}).items():
            if k == "patternProperties":
                re.compile(name)
            check_schema(sub, "%s/%s/%s" % (where, k, name))
    for k in ("additionalProperties", "propertyNames", "items"):
        if k in s:
            check_schema(s[k], "%s/%s" % (where, k))
    for k in ("anyOf", "oneOf", "allOf", "prefixItems"):
        for i, sub in enumerate(s.get(k, [])):
            check_schema(sub, "%s/%s/%d" % (where, k, i))
    if "pattern" in s:
        re.compile(s["pattern"])


class Validator:
    def __init__(self, schema):
        check_schema(schema)
        self.root = schema

    def resolve(self, ref):
        name = ref[len("#/$defs/"):]
        try:
            return self.root["$defs"][name]
        except KeyError:
            raise SchemaError("unresolved $ref %s" % ref)

    def errors(self, inst, schema=None, path="", seen=None):
        """All violations as 'path: message' strings. seen (a dict), when given,
        collects path -> [schemas applied there] for the caller's analysis."""
        if schema is None:
            schema = self.root
        out = []
        self._v(inst, schema, path, out, seen)
        return out

    def _v(self, inst, s, path, out, seen):
        if s is True:
            return
        if s is False:
            out.append("%s: not allowed here" % (path or "$"))
            return
        if seen is not None:
            seen.setdefault(path, []).append(s)
        p = path or "$"
        if "$ref" in s:
            self._v(inst, self.resolve(s["$ref"]), path, out, seen)
        t = s.get("type")
        if t is not None:
            ts = t if isinstance(t, list) else [t]
            if not any(json_type_ok(inst, x) for x in ts):
                out.append("%s: %s is not of type %s" % (p, _short(inst), "/".join(ts)))
                return
        if "enum" in s and not any(json_equal(inst, e) for e in s["enum"]):
            out.append("%s: %s is not one of %s" % (p, _short(inst), s["enum"]))
        if "const" in s and not json_equal(inst, s["const"]):
            out.append("%s: %s is not %s" % (p, _short(inst), _short(s["const"])))
        if isinstance(inst, (int, float)) and not isinstance(inst, bool):
            if "minimum" in s and inst < s["minimum"]:
                out.append("%s: %s < minimum %s" % (p, inst, s["minimum"]))
            if "maximum" in s and inst > s["maximum"]:
                out.append("%s: %s > maximum %s" % (p, inst, s["maximum"]))
            if "exclusiveMinimum" in s and inst <= s["exclusiveMinimum"]:
                out.append("%s: %s <= exclusiveMinimum %s" % (p, inst, s["exclusiveMinimum"]))
            if "exclusiveMaximum" in s and inst >= s["exclusiveMaximum"]:
                out.append("%s: %s >= exclusiveMaximum %s" % (p, inst, s["exclusiveMaximum"]))
        if isinstance(inst, str):
            if "pattern" in s and not re.search(s["pattern"], inst):
                out.append("%s: %s does not match %s" % (p, _short(inst), s["pattern"]))
            if "minLength" in s and len(inst) < s["minLength"]:
                out.append("%s: shorter than %d" % (p, s["minLength"]))
        if isinstance(inst, dict):
            for k in s.get("required", []):
                if k not in inst:
                    out.append("%s: required key %r missing" % (p, k))
            props = s.get("properties", {})
            pats = s.get("patternProperties", {})
            for k, v in inst.items():
                sub = path + "." + k
                matched = False
                if k in props:
                    matched = True
                    self._v(v, props[k], sub, out, seen)
                for rx, ps in pats.items():
                    if re.search(rx, k):
                        matched = True
                        self._v(v, ps, sub, out, seen)
                if not matched and "additionalProperties" in s:
                    ap = s["additionalProperties"]
                    if ap is False:
                        out.append("%s: key %r is not allowed (additionalProperties false)" % (p, k))
                    else:
                        self._v(v, ap, sub, out, seen)
                if "propertyNames" in s:
                    self._v(k, s["propertyNames"], sub + "(name)", out, None)
        if isinstance(inst, list):
            pre = s.get("prefixItems", [])
            for i, v in enumerate(inst):
                if i < len(pre):
                    self._v(v, pre[i], "%s[%d]" % (path, i), out, seen)
                elif "items" in s:
                    self._v(v, s["items"], "%s[%d]" % (path, i), out, seen)
            if "minItems" in s and len(inst) < s["minItems"]:
                out.append("%s: fewer than %d items" % (p, s["minItems"]))
            if "maxItems" in s and len(inst) > s["maxItems"]:
                out.append("%s: more than %d items" % (p, s["maxItems"]))
        for sub in s.get("allOf", []):
            self._v(inst, sub, path, out, seen)
        if "anyOf" in s:
            results = [self.errors(inst, sub, path) for sub in s["anyOf"]]
            if all(results):
                out.append("%s: matches none of anyOf: %s" % (p, "; ".join(r[0] for r in results)))
            elif seen is not None:
                for sub, r in zip(s["anyOf"], results):
                    if not r:
                        self._v(inst, sub, path, [], seen)
        if "oneOf" in s:
            results = [self.errors(inst, sub, path) for sub in s["oneOf"]]
            good = [i for i, r in enumerate(results) if not r]
            if len(good) != 1:
                out.append("%s: matches %d of oneOf, not exactly 1" % (p, len(good)))
            elif seen is not None:
                self._v(inst, s["oneOf"][good[0]], path, [], seen)


def _short(v):
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."
