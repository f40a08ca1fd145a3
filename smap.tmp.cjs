const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');const zlib=require('zlib');
const file=process.argv[2];const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const smc=new SourceMapConsumer(map);const lines=code.split('\n');const by={};
// attribute each char by mapping segments
const segs=[];smc.eachMapping(m=>segs.push(m));
segs.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
for(let i=0;i<segs.length;i++){const s=segs[i],n=segs[i+1];const line=lines[s.generatedLine-1];const end=(n&&n.generatedLine===s.generatedLine)?n.generatedColumn:line.length;
 let src=(s.source||'?').replace(/.*node_modules\//,'nm/');const parts=src.split('/');let key;
 if(src.startsWith('nm/')){key=parts[1].startsWith('@')?parts.slice(1,4).join('/'):parts.slice(1,3).join('/');} else key=src.replace(/^.*src\//,'src/').split('/').slice(0,3).join('/');
 by[key]=(by[key]||'')+line.slice(s.generatedColumn,end);}
const rows=Object.entries(by).map(([k,v])=>[k,v.length,zlib.gzipSync(v).length]).sort((a,b)=>b[2]-a[2]);
let t=0;for(const r of rows){t+=r[2];}
console.log('total raw',code.length,'gz',zlib.gzipSync(code).length,'sum-of-parts-gz',t);
for(const r of rows.slice(0,+process.argv[3]||50))console.log(String(r[2]).padStart(7),String(r[1]).padStart(8),r[0]);
