//! Merging several split modules into one wasm module (`merge`), for the chunk groups of
//! `chunk_groups.rs`: a browser compiles and instantiates each module on its own, and that
//! cost is per module, not per byte.
//!
//! The modules `wasm_split_cli_support` writes for Folio import only the main module's
//! memory, function table and stack pointer, and define functions, active element segments
//! (the table slots the main module calls through) and active data segments at fixed
//! addresses; none has a start function. Such modules can be laid side by side: the imports
//! they share are imported once, and every index a module uses (types, functions, globals,
//! tables, memories, element and data segments) is renumbered into the merged module's index
//! spaces. Anything else (a start function, an export name twice, the same import with two
//! different types) is refused rather than guessed at.

use std::collections::HashMap;

use wasm_encoder::reencode::{Error as ReencodeError, Reencode, RoundtripReencoder};
use wasm_encoder::{
    CodeSection, CustomSection, DataCountSection, DataSection, ElementSection, ExportSection,
    FunctionSection, GlobalSection, ImportSection, MemorySection, Module, TableSection,
    TypeSection,
};
use wasmparser::{FuncType, Parser, Payload, TypeRef};

/// One import of the merged module: where it comes from and what it is.
#[derive(Clone, Debug)]
struct Import {
    module: String,
    name: String,
    ty: TypeRef,
}

/// What the first reading of one input module found: its types, its imports and how many of
/// each thing it defines.
#[derive(Default)]
struct Shape {
    types: Vec<FuncType>,
    imports: Vec<Import>,
    defines: Counts,
    target_features: Option<Vec<u8>>,
}

/// Merges `modules` into one module that does what instantiating each of them would.
pub fn merge(modules: &[&[u8]]) -> Result<Vec<u8>, String> {
    let shapes = modules
        .iter()
        .enumerate()
        .map(|(i, bytes)| shape(bytes).map_err(|e| format!("module {i}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;

    // The merged type list, each function type once.
    let mut types: Vec<FuncType> = Vec::new();
    let mut type_of: HashMap<FuncType, u32> = HashMap::new();
    let type_maps: Vec<Vec<u32>> = shapes
        .iter()
        .map(|s| {
            s.types
                .iter()
                .map(|t| {
                    *type_of.entry(t.clone()).or_insert_with(|| {
                        types.push(t.clone());
                        types.len() as u32 - 1
                    })
                })
                .collect()
        })
        .collect();

    // The merged imports, each (module, name) once; a memory or table imported with
    // different minimum sizes is imported with the largest.
    let mut imports: Vec<Import> = Vec::new();
    let mut import_at: HashMap<(String, String), usize> = HashMap::new();
    for (m, s) in shapes.iter().enumerate() {
        for import in &s.imports {
            let ty = match import.ty {
                TypeRef::Func(t) => TypeRef::Func(type_maps[m][t as usize]),
                other => other,
            };
            let key = (import.module.clone(), import.name.clone());
            match import_at.get(&key) {
                None => {
                    import_at.insert(key, imports.len());
                    imports.push(Import {
                        ty,
                        ..import.clone()
                    });
                }
                Some(&at) => {
                    imports[at].ty = same_import(imports[at].ty, ty).ok_or_else(|| {
                        format!(
                            "module {m} imports {}.{} as another kind or type",
                            import.module, import.name
                        )
                    })?;
                }
            }
        }
    }
    let imported = |k: Kind| imports.iter().filter(|i| kind(&i.ty) == k).count() as u32;
    let imported_funcs = imported(Kind::Function);
    let imported_tables = imported(Kind::Table);
    let imported_memories = imported(Kind::Memory);
    let imported_globals = imported(Kind::Global);

    // Each module's renumbering.
    let mut remaps = Vec::with_capacity(shapes.len());
    let mut defined = Counts::default();
    for (m, s) in shapes.iter().enumerate() {
        let mut remap = Remap {
            types: type_maps[m].clone(),
            ..Remap::default()
        };
        for import in &s.imports {
            let at = import_at[&(import.module.clone(), import.name.clone())];
            let k = kind(&import.ty);
            let index = imports[..at].iter().filter(|i| kind(&i.ty) == k).count() as u32;
            match k {
                Kind::Function => remap.functions.push(index),
                Kind::Table => remap.tables.push(index),
                Kind::Memory => remap.memories.push(index),
                Kind::Global => remap.globals.push(index),
                Kind::Other => {
                    return Err(format!(
                        "module {m}: an import kind Folio's modules do not use"
                    ))
                }
            }
        }
        let d = &s.defines;
        let after =
            |imported: u32, before: u32, count: u32| (0..count).map(move |k| imported + before + k);
        remap
            .functions
            .extend(after(imported_funcs, defined.functions, d.functions));
        remap
            .tables
            .extend(after(imported_tables, defined.tables, d.tables));
        remap
            .memories
            .extend(after(imported_memories, defined.memories, d.memories));
        remap
            .globals
            .extend(after(imported_globals, defined.globals, d.globals));
        remap.elements = defined.elements;
        remap.datas = defined.datas;
        defined.add(d);
        remaps.push(remap);
    }
    let features: Vec<&Vec<u8>> = shapes
        .iter()
        .filter_map(|s| s.target_features.as_ref())
        .collect();
    if features.windows(2).any(|w| w[0] != w[1]) {
        return Err("the modules were built with different target features".into());
    }

    let mut sections = Sections::default();
    let mut round = RoundtripReencoder;
    for t in &types {
        let t = round.func_type(t.clone()).map_err(|e| e.to_string())?;
        sections.types.ty().func_type(&t);
    }
    for i in &imports {
        let ty = round.entity_type(i.ty).map_err(|e| e.to_string())?;
        sections.imports.import(&i.module, &i.name, ty);
    }
    for (m, (bytes, remap)) in modules.iter().zip(remaps.iter_mut()).enumerate() {
        add_module(bytes, remap, &mut sections).map_err(|e| format!("module {m}: {e}"))?;
    }
    let mut out = Module::new();
    out.section(&sections.types);
    out.section(&sections.imports);
    out.section(&sections.functions);
    if defined.tables > 0 {
        out.section(&sections.tables);
    }
    if defined.memories > 0 {
        out.section(&sections.memories);
    }
    if defined.globals > 0 {
        out.section(&sections.globals);
    }
    if !sections.exports.is_empty() {
        out.section(&sections.exports);
    }
    if defined.elements > 0 {
        out.section(&sections.elements);
    }
    if sections.data_count {
        out.section(&DataCountSection {
            count: defined.datas,
        });
    }
    out.section(&sections.code);
    if defined.datas > 0 {
        out.section(&sections.data);
    }
    if let Some(features) = features.first() {
        out.section(&CustomSection {
            name: "target_features".into(),
            data: features.as_slice().into(),
        });
    }
    let merged = out.finish();
    wasmparser::Validator::new()
        .validate_all(&merged)
        .map_err(|e| format!("the merged module does not validate: {e}"))?;
    Ok(merged)
}

/// The kinds of import, each with its own index space.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Function,
    Table,
    Memory,
    Global,
    Other,
}

fn kind(ty: &TypeRef) -> Kind {
    match ty {
        TypeRef::Func(_) => Kind::Function,
        TypeRef::Table(_) => Kind::Table,
        TypeRef::Memory(_) => Kind::Memory,
        TypeRef::Global(_) => Kind::Global,
        _ => Kind::Other,
    }
}

/// The import both modules can share, when `a` and `b` are the same import.
fn same_import(a: TypeRef, b: TypeRef) -> Option<TypeRef> {
    match (a, b) {
        (TypeRef::Memory(x), TypeRef::Memory(y))
            if (x.memory64, x.shared, x.maximum, x.page_size_log2)
                == (y.memory64, y.shared, y.maximum, y.page_size_log2) =>
        {
            Some(TypeRef::Memory(if x.initial >= y.initial { x } else { y }))
        }
        (TypeRef::Table(x), TypeRef::Table(y))
            if (x.element_type, x.table64, x.maximum, x.shared)
                == (y.element_type, y.table64, y.maximum, y.shared) =>
        {
            Some(TypeRef::Table(if x.initial >= y.initial { x } else { y }))
        }
        (x, y) if x == y => Some(x),
        _ => None,
    }
}

/// Reads what `merge` needs to know of a module before writing anything.
fn shape(bytes: &[u8]) -> Result<Shape, String> {
    let mut s = Shape::default();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(|e| e.to_string())? {
            Payload::Version { .. } | Payload::End(_) | Payload::CodeSectionStart { .. } => {}
            Payload::TypeSection(reader) => {
                for group in reader {
                    let group = group.map_err(|e| e.to_string())?;
                    if group.is_explicit_rec_group() {
                        return Err("a recursive type group".into());
                    }
                    for sub in group.into_types() {
                        if !sub.is_final || !sub.supertype_idxs.is_empty() {
                            return Err("a subtype".into());
                        }
                        match sub.composite_type.inner {
                            wasmparser::CompositeInnerType::Func(f) => s.types.push(f),
                            _ => return Err("a type that is not a function type".into()),
                        }
                    }
                }
            }
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    s.imports.push(Import {
                        module: import.module.into(),
                        name: import.name.into(),
                        ty: import.ty,
                    });
                }
            }
            Payload::FunctionSection(r) => s.defines.functions = r.count(),
            Payload::TableSection(r) => s.defines.tables = r.count(),
            Payload::MemorySection(r) => s.defines.memories = r.count(),
            Payload::GlobalSection(r) => s.defines.globals = r.count(),
            Payload::ElementSection(r) => s.defines.elements = r.count(),
            Payload::DataSection(r) => s.defines.datas = r.count(),
            Payload::DataCountSection { .. } | Payload::ExportSection(_) => {}
            Payload::CodeSectionEntry(_) => {}
            Payload::CustomSection(c) => {
                if c.name() == "target_features" {
                    s.target_features = Some(c.data().to_vec());
                }
            }
            Payload::StartSection { .. } => return Err("a start function".into()),
            _ => return Err("a section Folio's modules do not have".into()),
        }
    }
    Ok(s)
}

/// How many things of each kind a module defines (or the modules merged so far).
#[derive(Default)]
struct Counts {
    functions: u32,
    tables: u32,
    memories: u32,
    globals: u32,
    elements: u32,
    datas: u32,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.functions += other.functions;
        self.tables += other.tables;
        self.memories += other.memories;
        self.globals += other.globals;
        self.elements += other.elements;
        self.datas += other.datas;
    }
}

/// The merged module's sections, filled module by module.
#[derive(Default)]
struct Sections {
    types: TypeSection,
    imports: ImportSection,
    functions: FunctionSection,
    tables: TableSection,
    memories: MemorySection,
    globals: GlobalSection,
    exports: ExportSection,
    export_names: std::collections::HashSet<String>,
    elements: ElementSection,
    data_count: bool,
    code: CodeSection,
    data: DataSection,
}

/// Copies one module's definitions into `sections`, renumbered by `remap`.
fn add_module(bytes: &[u8], remap: &mut Remap, sections: &mut Sections) -> Result<(), String> {
    let e = |e: ReencodeError<String>| e.to_string();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(|e| e.to_string())? {
            Payload::FunctionSection(r) => remap
                .parse_function_section(&mut sections.functions, r)
                .map_err(e)?,
            Payload::TableSection(r) => remap
                .parse_table_section(&mut sections.tables, r)
                .map_err(e)?,
            Payload::MemorySection(r) => remap
                .parse_memory_section(&mut sections.memories, r)
                .map_err(e)?,
            Payload::GlobalSection(r) => remap
                .parse_global_section(&mut sections.globals, r)
                .map_err(e)?,
            Payload::ExportSection(r) => {
                for export in r {
                    let export = export.map_err(|e| e.to_string())?;
                    if !sections.export_names.insert(export.name.to_string()) {
                        return Err(format!("the export {} twice", export.name));
                    }
                    remap
                        .parse_export(&mut sections.exports, export)
                        .map_err(e)?;
                }
            }
            Payload::ElementSection(r) => remap
                .parse_element_section(&mut sections.elements, r)
                .map_err(e)?,
            Payload::DataCountSection { .. } => sections.data_count = true,
            Payload::CodeSectionEntry(body) => remap
                .parse_function_body(&mut sections.code, body)
                .map_err(e)?,
            Payload::DataSection(r) => {
                remap.parse_data_section(&mut sections.data, r).map_err(e)?
            }
            _ => {}
        }
    }
    Ok(())
}

/// One input module's index spaces, as the merged module's indices.
#[derive(Default)]
struct Remap {
    types: Vec<u32>,
    functions: Vec<u32>,
    tables: Vec<u32>,
    memories: Vec<u32>,
    globals: Vec<u32>,
    elements: u32,
    datas: u32,
}

/// The index at `i` of `map`, or an error naming what was out of range.
fn index(map: &[u32], i: u32, what: &str) -> Result<u32, ReencodeError<String>> {
    map.get(i as usize)
        .copied()
        .ok_or_else(|| ReencodeError::UserError(format!("{what} {i} is out of range")))
}

impl Reencode for Remap {
    type Error = String;

    fn type_index(&mut self, ty: u32) -> Result<u32, ReencodeError<String>> {
        index(&self.types, ty, "type")
    }
    fn function_index(&mut self, func: u32) -> Result<u32, ReencodeError<String>> {
        index(&self.functions, func, "function")
    }
    fn table_index(&mut self, table: u32) -> Result<u32, ReencodeError<String>> {
        index(&self.tables, table, "table")
    }
    fn memory_index(&mut self, memory: u32) -> Result<u32, ReencodeError<String>> {
        index(&self.memories, memory, "memory")
    }
    fn global_index(&mut self, global: u32) -> Result<u32, ReencodeError<String>> {
        index(&self.globals, global, "global")
    }
    fn element_index(&mut self, element: u32) -> Result<u32, ReencodeError<String>> {
        Ok(self.elements + element)
    }
    fn data_index(&mut self, data: u32) -> Result<u32, ReencodeError<String>> {
        Ok(self.datas + data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        ConstExpr, DataSegment, DataSegmentMode, ElementSegment, Elements, EntityType, Function,
        GlobalType, Instruction, MemoryType, RefType, StartSection, TableType, ValType,
    };

    /// A module like the split step's chunks: imports memory (`pages` minimum), table and
    /// stack pointer; defines `calls.len()` functions, function `k` calling `calls[k]` (its
    /// own module's index) when given; puts its functions in the table from `slot`; writes
    /// `text` at `address`.
    fn chunk(pages: u64, calls: &[Option<u32>], slot: i32, address: i32, text: &[u8]) -> Vec<u8> {
        let mut types = TypeSection::new();
        types.ty().function([ValType::I32], [ValType::I32]);
        types.ty().function([], []);
        let mut imports = ImportSection::new();
        imports.import(
            "__wasm_split",
            "memory",
            EntityType::Memory(MemoryType {
                minimum: pages,
                maximum: None,
                memory64: false,
                shared: false,
                page_size_log2: None,
            }),
        );
        imports.import(
            "__wasm_split",
            "__indirect_function_table",
            EntityType::Table(TableType {
                element_type: RefType::FUNCREF,
                table64: false,
                minimum: 10,
                maximum: None,
                shared: false,
            }),
        );
        imports.import(
            "__wasm_split",
            "__wasm_split_shared0",
            EntityType::Global(GlobalType {
                val_type: ValType::I32,
                mutable: true,
                shared: false,
            }),
        );
        let mut functions = FunctionSection::new();
        let mut code = CodeSection::new();
        for call in calls {
            functions.function(0);
            let mut f = Function::new([]);
            f.instruction(&Instruction::GlobalGet(0));
            f.instruction(&Instruction::Drop);
            f.instruction(&Instruction::LocalGet(0));
            if let Some(callee) = call {
                f.instruction(&Instruction::Call(*callee));
            }
            f.instruction(&Instruction::End);
            code.function(&f);
        }
        let mut elements = ElementSection::new();
        let all: Vec<u32> = (0..calls.len() as u32).collect();
        elements.segment(ElementSegment {
            mode: wasm_encoder::ElementMode::Active {
                table: None,
                offset: &ConstExpr::i32_const(slot),
            },
            elements: Elements::Functions(all.into()),
        });
        let mut data = DataSection::new();
        data.segment(DataSegment {
            mode: DataSegmentMode::Active {
                memory_index: 0,
                offset: &ConstExpr::i32_const(address),
            },
            data: text.iter().copied(),
        });
        let mut module = Module::new();
        module
            .section(&types)
            .section(&imports)
            .section(&functions)
            .section(&elements);
        module.section(&code).section(&data);
        module.finish()
    }

    /// The merged module's imports, each function's calls, and its element and data segments.
    struct Read {
        imports: Vec<(String, TypeRef)>,
        calls: Vec<Vec<u32>>,
        slots: Vec<(i32, Vec<u32>)>,
        data: Vec<(i32, Vec<u8>)>,
    }

    fn read(bytes: &[u8]) -> Read {
        let mut r = Read {
            imports: vec![],
            calls: vec![],
            slots: vec![],
            data: vec![],
        };
        let offset = |e: &wasmparser::ConstExpr| match e.get_operators_reader().read().unwrap() {
            wasmparser::Operator::I32Const { value } => value,
            other => panic!("offset {other:?}"),
        };
        for payload in Parser::new(0).parse_all(bytes) {
            match payload.unwrap() {
                Payload::ImportSection(s) => {
                    for i in s.into_imports() {
                        let i = i.unwrap();
                        r.imports.push((i.name.to_string(), i.ty));
                    }
                }
                Payload::CodeSectionEntry(body) => {
                    let calls = body
                        .get_operators_reader()
                        .unwrap()
                        .into_iter()
                        .filter_map(|op| match op.unwrap() {
                            wasmparser::Operator::Call { function_index } => Some(function_index),
                            _ => None,
                        })
                        .collect();
                    r.calls.push(calls);
                }
                Payload::ElementSection(s) => {
                    for e in s {
                        let e = e.unwrap();
                        let wasmparser::ElementKind::Active { offset_expr, .. } = e.kind else {
                            panic!("passive element segment");
                        };
                        let wasmparser::ElementItems::Functions(items) = e.items else {
                            panic!("expressions in an element segment");
                        };
                        let funcs = items.into_iter().map(Result::unwrap).collect();
                        r.slots.push((offset(&offset_expr), funcs));
                    }
                }
                Payload::DataSection(s) => {
                    for d in s {
                        let d = d.unwrap();
                        let wasmparser::DataKind::Active { offset_expr, .. } = d.kind else {
                            panic!("passive data segment");
                        };
                        r.data.push((offset(&offset_expr), d.data.to_vec()));
                    }
                }
                _ => {}
            }
        }
        r
    }

    #[test]
    fn shared_imports_are_imported_once_and_every_index_is_renumbered() {
        let a = chunk(17, &[None, Some(0)], 4, 1000, b"first");
        let b = chunk(19, &[Some(2), None, Some(1)], 8, 2000, b"second");
        let merged = merge(&[&a, &b]).expect("the chunks merge");
        let r = read(&merged);
        let names: Vec<&str> = r.imports.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "memory",
                "__indirect_function_table",
                "__wasm_split_shared0"
            ]
        );
        match r.imports[0].1 {
            TypeRef::Memory(m) => assert_eq!(m.initial, 19, "the larger minimum is kept"),
            other => panic!("memory imported as {other:?}"),
        }
        // b's functions follow a's two: b's calls 2 → 4 and 1 → 3.
        assert_eq!(r.calls, [vec![], vec![0], vec![4], vec![], vec![3]]);
        assert_eq!(r.slots, [(4, vec![0, 1]), (8, vec![2, 3, 4])]);
        assert_eq!(
            r.data,
            [(1000, b"first".to_vec()), (2000, b"second".to_vec())]
        );
    }

    #[test]
    fn one_module_merges_into_an_equivalent_one() {
        let a = chunk(17, &[Some(1), None], 4, 1000, b"only");
        let r = read(&merge(&[&a]).expect("one chunk merges"));
        assert_eq!(r.calls, [vec![1], vec![]]);
        assert_eq!(r.slots, [(4, vec![0, 1])]);
        assert_eq!(r.data, [(1000, b"only".to_vec())]);
    }

    #[test]
    fn a_module_with_a_start_function_is_refused() {
        let a = chunk(17, &[None], 4, 1000, b"a");
        let mut b = Module::new();
        let mut types = TypeSection::new();
        types.ty().function([], []);
        let mut functions = FunctionSection::new();
        functions.function(0);
        let mut code = CodeSection::new();
        let mut f = Function::new([]);
        f.instruction(&Instruction::End);
        code.function(&f);
        b.section(&types).section(&functions);
        b.section(&StartSection { function_index: 0 })
            .section(&code);
        let err = merge(&[&a, &b.finish()]).expect_err("a start function is refused");
        assert!(err.contains("start"), "{err}");
    }

    #[test]
    fn the_same_import_as_two_kinds_is_refused() {
        let a = chunk(17, &[None], 4, 1000, b"a");
        let mut imports = ImportSection::new();
        imports.import(
            "__wasm_split",
            "memory",
            EntityType::Global(GlobalType {
                val_type: ValType::I32,
                mutable: false,
                shared: false,
            }),
        );
        let mut module = Module::new();
        module.section(&imports);
        let b = module.finish();
        let err = merge(&[&a, &b]).expect_err("a memory and a global under one name");
        assert!(err.contains("__wasm_split.memory"), "{err}");
    }
}
