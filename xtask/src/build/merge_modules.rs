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

use crate::build::module_shape::{kind, same_import, shape, Counts, Import, Kind};

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
    let imported = Counts {
        functions: imported(Kind::Function),
        tables: imported(Kind::Table),
        memories: imported(Kind::Memory),
        globals: imported(Kind::Global),
        ..Counts::default()
    };

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
        remap.add_defined(&imported, &defined, &s.defines);
        defined.add(&s.defines);
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

impl Remap {
    /// Numbers a module's own definitions: after the merged module's imports (`imported`) and
    /// what the modules before it defined (`before`).
    fn add_defined(&mut self, imported: &Counts, before: &Counts, own: &Counts) {
        let after = |i: u32, b: u32, n: u32| (0..n).map(move |k| i + b + k);
        let (i, b, n) = (imported, before, own);
        self.functions
            .extend(after(i.functions, b.functions, n.functions));
        self.tables.extend(after(i.tables, b.tables, n.tables));
        self.memories
            .extend(after(i.memories, b.memories, n.memories));
        self.globals.extend(after(i.globals, b.globals, n.globals));
        self.elements = b.elements;
        self.datas = b.datas;
    }
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
#[path = "merge_modules_tests.rs"]
mod tests;
