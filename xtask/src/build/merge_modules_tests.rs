//! Tests of `merge_modules.rs`.

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
