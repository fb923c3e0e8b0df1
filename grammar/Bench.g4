// Bench.g4: the grammar of Metron's .bench language, a superset of SKaMPI 5's .ski language.
// SKaMPI's rules come from its lexer.lex and parser.y (see docs/language.md for the mapping);
// Metron's extensions are marked "Metron:". Newlines are whitespace, as in SKaMPI.
// Generated C++ lives in the build tree only (see CMakeLists.txt).
grammar Bench;

@lexer::members {
  // SKaMPI reads 5%3 as a remainder. A number directly followed by '%' is a percentage only when
  // no operand follows at once: 5%3, 5%x and 5%(x) stay remainders; 5%, 5%) and 5% 3 do not.
  bool operand_follows() {
    std::size_t c = _input->LA(1);
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           c == '_' || c == '(' || c == '.';
  }
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

script : statement* EOF ;

block : statement* ;

statement
  : BEGIN MEASUREMENT STRING block END MEASUREMENT              # measurementStmt
  | INCLUDE STRING                                              # includeStmt
  | forHead name '=' from=expr TO (to=expr | ELLIPSIS)
        (STEP (star='*')? step=expr (MULTIPLEOF mult=expr)?)?
        DO block OD                                             # rangeLoopStmt
  | FOR name IN expr DO block OD                                # listLoopStmt
  | IF expr THEN thenBody=block (ELSE elseBody=block)? FI                         # ifStmt
  | MEASURE expr ':' call                                       # measureStmt
  | PRINT exprList                                              # printStmt
  | PRINT_ALL exprList                                          # printAllStmt
  | FLUSH                                                       # flushStmt
  | SET name '=' expr                                           # setStmt      // Metron:
  | STOP WHEN expr                                              # stopStmt     // Metron:
  | REPLICATE expr                                              # replicateStmt // Metron:
  | FACTOR name IN expr (AS ENV STRING)?                        # factorStmt   // Metron:
  | SHUFFLE (SEED expr)?                                        # shuffleStmt  // Metron:
  | EXPECT (id=STRING)? expr ':' lhs=call '<='
        (factor=primary '*')? rhs=call                          # expectStmt   // Metron:
  | CLAIM (id=STRING)? ':' lhs=claimTerm rel=('<' | '>' | '==') rhs=claimTerm
        (BY by=expr)? (WITHIN within=expr)?
        (FOR quant=name range=claimFilter?)?                    # claimStmt    // Metron:
  | name '=' expr                                               # assignStmt
  | call                                                        # callStmt
  ;

forHead : FOR | AUTOREFINE ;

// Metron: one side of a claim (docs/claims.md): a statistic of a selection of jobs, a selection
// (Bcast[bcast_alg = "binomial", bytes >= 4KiB]), or a value (a reference, or a bare function
// name the front end resolves).
claimTerm
  : stat=name '(' inner=claimTerm ')'                           # claimStatTerm
  | sel=name '[' claimFilter (',' claimFilter)* ']'              # claimSelectTerm
  | primary                                                     # claimValueTerm
  ;

claimFilter : field=name op=('=' | '==' | '!=' | '<' | '<=' | '>' | '>=') value=expr ;

// ---------------------------------------------------------------------------------------------
// Expressions, highest precedence first (SKaMPI: or < and < | < & < == != < relational < + - <
// * / % < unary). Metron's 'within' sits with the relational operators.
// ---------------------------------------------------------------------------------------------

expr
  : primary                                            # primaryExpr
  | op=('-' | '+' | NOT | '~') expr                    # unaryExpr
  | expr op=('*' | '/' | '%') expr                     # mulExpr
  | expr op=('+' | '-') expr                           # addExpr
  | expr op=('<' | '<=' | '>' | '>=') expr             # relExpr
  | expr WITHIN expr                                   # withinExpr
  | expr op=('==' | '!=' | '<>') expr                  # eqExpr
  | expr '&' expr                                      # bitAndExpr
  | expr '|' expr                                      # bitOrExpr
  | expr AND expr                                      # andExpr
  | expr OR expr                                       # orExpr
  ;

primary
  : INT                                                # intLit
  | HEX                                                # hexLit
  | SIZE                                               # sizeLit
  | DOUBLE                                             # doubleLit
  | TIME                                               # timeLit
  | PERCENT                                            # percentLit
  | STRING                                             # stringLit
  | call                                               # callExpr
  | name                                               # nameExpr
  | '[' exprList? ']'                                  # listLit
  | '{' exprList? '}'                                  # arrayLit
  | '(' expr ')'                                       # parenExpr
  ;

call : name '(' (arg (',' arg)*)? ')' ;

arg : (name '=')? expr ;

exprList : expr (',' expr)* ;

// Metron's keywords are contextual: SKaMPI scripts may use them as names.
name : IDENT | SET | STOP | WHEN | REPLICATE | FACTOR | AS | ENV | SHUFFLE | SEED | WITHIN | EXPECT
     | CLAIM | BY ;

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

BEGIN       : 'begin' ;
END         : 'end' ;
MEASUREMENT : 'measurement' ;
METHOD      : 'method' ;    // reserved by SKaMPI, unused
DIAGRAM     : 'diagram' ;   // reserved by SKaMPI, unused
RESULT      : 'result' ;    // reserved by SKaMPI, unused
TO          : 'to' ;
STEP        : 'step' ;
PRINT       : 'print' ;
PRINT_ALL   : 'print_all' ;
FLUSH       : 'flush' ;
FOR         : 'for' ;
DO          : 'do' ;
OD          : 'od' ;
IN          : 'in' ;
MEASURE     : 'measure' ;
IF          : 'if' ;
THEN        : 'then' ;
ELSE        : 'else' ;
FI          : 'fi' ;
AND         : 'and' ;
OR          : 'or' ;
NOT         : 'not' ;
MULTIPLEOF  : 'multipleof' ;
AUTOREFINE  : 'autorefine' ;
INCLUDE     : '@include' ;
// Metron: contextual keywords (see rule 'name').
SET         : 'set' ;
STOP        : 'stop' ;
WHEN        : 'when' ;
REPLICATE   : 'replicate' ;
FACTOR      : 'factor' ;
AS          : 'as' ;
ENV         : 'env' ;
SHUFFLE     : 'shuffle' ;
SEED        : 'seed' ;
WITHIN      : 'within' ;
EXPECT      : 'expect' ;
CLAIM       : 'claim' ;
BY          : 'by' ;

ELLIPSIS : '...' ;

// Numbers. A literal directly followed by a unit is one token: 64kb, 4MiB, 100us, 5%.
SIZE    : [0-9]+ SIZE_UNIT ;
TIME    : (DEC_INT | DEC_FLOAT) TIME_UNIT ;
PERCENT : (DEC_INT | DEC_FLOAT) '%' {!operand_follows()}? ;
HEX     : '0' [xX] [0-9a-fA-F]+ ;
DOUBLE  : DEC_FLOAT ;
INT     : DEC_INT ;
// A number run into letters that are no unit (5sec, 64kbit, 0xzz, 1e) is one bad token, so the
// error names the whole word. Listed after the rules above: on a tie they win.
BAD_NUMBER : [0-9]+ ('.' [0-9]*)? [a-zA-Z_] [a-zA-Z_0-9]* ;

fragment DEC_INT   : [0-9]+ ;
fragment DEC_FLOAT : [0-9]+ '.' [0-9]* EXPONENT?
                   | '.' [0-9]+ EXPONENT?
                   | [0-9]+ EXPONENT ;          // Metron: 1e-3 is a double
fragment EXPONENT  : [eE] [+-]? [0-9]+ ;
fragment SIZE_UNIT : 'kb' | 'kB' | 'KB' | 'KiB' | 'mb' | 'MB' | 'MiB' | 'gb' | 'GB' | 'GiB'
                   | 'tb' | 'TB' | 'TiB' | 'B' ;
fragment TIME_UNIT : 'ns' | 'us' | 'ms' | 's' ;

STRING : '"' (ESCAPE | ~["\\\r\n])* '"' ;
fragment ESCAPE : '\\' . ;
// An unterminated string is one token so the error can point at its opening quote.
UNTERMINATED_STRING : '"' (ESCAPE | ~["\\\r\n])* ;

IDENT : [a-zA-Z_] [a-zA-Z_0-9]* ;

COMMENT : '#' ~[\r\n]* -> skip ;
WS      : [ \t\r\n\f]+ -> skip ;

// Operators and punctuation (SKaMPI's set, plus Metron's none).
EQ : '==' ; NE : '!=' ; LTGT : '<>' ; LE : '<=' ; GE : '>=' ; LT : '<' ; GT : '>' ;
ASSIGN : '=' ; PLUS : '+' ; MINUS : '-' ; STAR : '*' ; SLASH : '/' ; PERCENT_OP : '%' ;
AMP : '&' ; PIPE : '|' ; TILDE : '~' ; COMMA : ',' ; COLON : ':' ;
LPAREN : '(' ; RPAREN : ')' ; LBRACK : '[' ; RBRACK : ']' ; LBRACE : '{' ; RBRACE : '}' ;

// Anything else is one bad character; the parser reports it with its position.
BAD_CHAR : . ;
