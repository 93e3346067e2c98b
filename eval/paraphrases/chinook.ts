/**
 * Paraphrases of the 44 Chinook accuracy questions (eval/chinook-cases.ts), written blind:
 * the writer read only the catalog labels, the data README, the eval question lists and the
 * database, never the question parser, and did not run Baton on these phrasings.
 * Each phrasing keeps the original's metric, period, filters, ranking size and intent.
 * Phrasings are not edited after seeing how Baton reads them (see BRIEF.md).
 * The two mixed-language originals ('2024年 revenue by country', '2023年 top 3 genres by
 * track sales') are counted as Chinese originals.
 */
export const CHINOOK_PARAPHRASES: { original: string; phrasings: { text: string; language: 'en' | 'zh' }[] }[] = [
  // ---------------------------------------------------------------- English originals
  {
    original: 'What is our total revenue of all time?',
    phrasings: [
      { text: 'Total sales to date', language: 'en' },
      { text: 'How much money have we made since we started?', language: 'en' },
      { text: '我们一共卖了多少钱', language: 'zh' },
      { text: '有史以来的总营收是多少？', language: 'zh' },
    ],
  },
  {
    original: 'How many orders have we had in total?',
    phrasings: [
      { text: 'Total number of orders ever placed', language: 'en' },
      { text: "What's our overall order count?", language: 'en' },
      { text: '我们总共有多少订单', language: 'zh' },
      { text: '一共下过多少单？', language: 'zh' },
    ],
  },
  {
    original: 'What was revenue in 2024?',
    phrasings: [
      { text: 'How much money did we make in 2024?', language: 'en' },
      { text: 'Sales for calendar year 2024', language: 'en' },
      { text: '2024年全年的营收是多少', language: 'zh' },
      { text: '2024年我们卖了多少钱？', language: 'zh' },
    ],
  },
  {
    original: 'Show revenue by year',
    phrasings: [
      { text: 'Give me annual revenue', language: 'en' },
      { text: 'How much did we make each year?', language: 'en' },
      { text: '按年看一下销售额', language: 'zh' },
      { text: '每年的营收分别是多少', language: 'zh' },
    ],
  },
  {
    original: 'Revenue by quarter in 2024',
    phrasings: [
      { text: '2024 quarterly sales', language: 'en' },
      { text: 'Break down 2024 revenue by quarter', language: 'en' },
      { text: '2024年各季度的销售额', language: 'zh' },
      { text: '2024年每个季度卖了多少钱', language: 'zh' },
    ],
  },
  {
    original: 'Monthly number of orders in 2025',
    phrasings: [
      { text: 'How many orders did we get each month in 2025?', language: 'en' },
      { text: 'Orders per month for 2025', language: 'en' },
      { text: '2025年每个月的订单量', language: 'zh' },
      { text: '2025年按月统计订单数', language: 'zh' },
    ],
  },
  {
    original: 'Which country has the largest number of customers overall?',
    phrasings: [
      { text: 'Overall, which country do most of our customers come from?', language: 'en' },
      { text: 'What country has the most customers, across all time?', language: 'en' },
      { text: '总体来看，哪个国家的客户最多？', language: 'zh' },
      { text: '历来客户数量最多的是哪个国家', language: 'zh' },
    ],
  },
  {
    original: 'Who are our top 3 customers by revenue of all time?',
    phrasings: [
      { text: 'Our three biggest-spending customers ever', language: 'en' },
      { text: 'Which 3 customers have spent the most with us overall?', language: 'en' },
      { text: '历史上消费最多的前三名客户是谁', language: 'zh' },
      { text: '累计贡献销售额最高的3个客户', language: 'zh' },
    ],
  },
  {
    original: 'Which genre brought in the most revenue in 2023?',
    phrasings: [
      { text: 'What was our top genre by revenue in 2023?', language: 'en' },
      { text: 'In 2023, which music genre made us the most money?', language: 'en' },
      { text: '2023年哪个流派的收入最高？', language: 'zh' },
      { text: '2023年赚钱最多的音乐类型是哪个', language: 'zh' },
    ],
  },
  {
    original: 'Top 3 artists by track sales of all time',
    phrasings: [
      { text: 'Which three artists have generated the most track sales overall?', language: 'en' },
      { text: 'The 3 highest-grossing artists ever, by track revenue', language: 'en' },
      { text: '有史以来曲目销售额排名前三的艺术家', language: 'zh' },
      { text: '累计曲目收入最高的前3位艺人', language: 'zh' },
    ],
  },
  {
    original: 'Which support rep had the lowest sales in 2024?',
    phrasings: [
      { text: 'Who was the weakest support rep by sales in 2024?', language: 'en' },
      { text: "In 2024, which support rep's customers brought in the least revenue?", language: 'en' },
      { text: '2024年业绩最差的销售代表是谁', language: 'zh' },
      { text: '2024年哪个客服代表的销售额最少', language: 'zh' },
    ],
  },
  {
    original: 'What was the average order value in 2023?',
    phrasings: [
      { text: 'AOV for 2023?', language: 'en' },
      { text: 'How much did customers spend per order on average in 2023?', language: 'en' },
      { text: '2023年的客单价', language: 'zh' },
      { text: '2023年平均每单多少钱', language: 'zh' },
    ],
  },
  {
    original: 'What is the average price per track sold?',
    phrasings: [
      { text: 'On average, how much do we get for each track we sell?', language: 'en' },
      { text: "What's the average selling price of a track?", language: 'en' },
      { text: '每首曲目平均卖多少钱', language: 'zh' },
      { text: '售出曲目的平均单价是多少', language: 'zh' },
    ],
  },
  {
    original: 'How many invoices without a billing state were there in 2024?',
    phrasings: [
      { text: 'Count of 2024 invoices with no billing state', language: 'en' },
      { text: 'In 2024, how many invoices were missing the billing state?', language: 'en' },
      { text: '2024年有多少张发票没有填写账单州/省', language: 'zh' },
      { text: '2024年缺少州省信息的订单有几笔', language: 'zh' },
    ],
  },
  {
    original: 'How many business customers bought from us last year?',
    phrasings: [
      { text: 'Last year, how many corporate customers purchased something?', language: 'en' },
      { text: 'Number of business clients who ordered from us last year', language: 'en' },
      { text: '去年有多少企业客户买过东西', language: 'zh' },
      { text: '去年下过单的公司客户有多少个', language: 'zh' },
    ],
  },
  {
    original: 'What was revenue from March to June 2024?',
    phrasings: [
      { text: 'Total sales for March through June 2024', language: 'en' },
      { text: 'How much did we make in Mar–Jun 2024?', language: 'en' },
      { text: '2024年3月至6月的营收是多少', language: 'zh' },
      { text: '2024年3到6月一共卖了多少钱', language: 'zh' },
    ],
  },
  {
    original: 'How many orders did we get between 2022 and 2024?',
    phrasings: [
      { text: 'Number of orders from 2022 through 2024', language: 'en' },
      { text: 'Total orders placed in 2022–2024', language: 'en' },
      { text: '2022到2024年一共有多少订单', language: 'zh' },
      { text: '2022年至2024年的订单量', language: 'zh' },
    ],
  },
  {
    original: 'How did revenue in Q3 2025 compare year over year?',
    phrasings: [
      { text: 'Q3 2025 revenue YoY?', language: 'en' },
      { text: 'How do Q3 2025 sales stack up against Q3 2024?', language: 'en' },
      { text: '2025年第三季度的营收同比变化如何', language: 'zh' },
      { text: '2025年Q3销售额同比怎么样', language: 'zh' },
    ],
  },
  {
    original: 'Compare revenue in November 2025 with the month before',
    phrasings: [
      { text: 'November 2025 sales vs October 2025', language: 'en' },
      { text: 'How did revenue in Nov 2025 compare to the previous month?', language: 'en' },
      { text: '2025年11月的销售额和前一个月相比怎么样', language: 'zh' },
      { text: '2025年11月营收环比', language: 'zh' },
    ],
  },
  {
    original: 'What is the revenue trend?',
    phrasings: [
      { text: 'How is revenue trending?', language: 'en' },
      { text: 'Show me the sales trend', language: 'en' },
      { text: '销售额的趋势怎么样', language: 'zh' },
      { text: '营收走势如何', language: 'zh' },
    ],
  },
  {
    original: 'Why did revenue change between October and November 2025?',
    phrasings: [
      { text: 'What drove the change in sales from October to November 2025?', language: 'en' },
      { text: 'Explain the revenue movement from Oct to Nov 2025', language: 'en' },
      { text: '2025年10月到11月销售额为什么变了', language: 'zh' },
      { text: '是什么导致2025年11月的营收相比10月发生变化', language: 'zh' },
    ],
  },
  {
    original: 'What was revenue this year?',
    phrasings: [
      { text: 'How much revenue have we made this year?', language: 'en' },
      { text: 'Sales this year', language: 'en' },
      { text: '今年的销售额是多少', language: 'zh' },
      { text: '今年卖了多少钱', language: 'zh' },
    ],
  },

  // ---------------------------------------------------------------- Chinese originals (two mixed with English)
  {
    original: '历史上总销售额是多少',
    phrasings: [
      { text: 'What are our all-time total sales?', language: 'en' },
      { text: 'How much revenue have we brought in since day one?', language: 'en' },
      { text: '累计营收一共多少', language: 'zh' },
      { text: '到目前为止总共卖了多少钱', language: 'zh' },
    ],
  },
  {
    original: '去年的销量是多少',
    phrasings: [
      { text: 'How many tracks did we sell last year?', language: 'en' },
      { text: 'Units sold last year', language: 'en' },
      { text: '去年一共卖出多少首曲目', language: 'zh' },
      { text: '去年卖了多少首歌', language: 'zh' },
    ],
  },
  {
    original: '每季度的订单数',
    phrasings: [
      { text: 'Orders per quarter', language: 'en' },
      { text: 'How many orders did we get each quarter?', language: 'en' },
      { text: '按季度统计的订单量', language: 'zh' },
    ],
  },
  {
    original: '2025年每个月的销售额',
    phrasings: [
      { text: 'Monthly revenue for 2025', language: 'en' },
      { text: 'How much did we make each month in 2025?', language: 'en' },
      { text: '2025年按月的营收', language: 'zh' },
    ],
  },
  {
    original: '哪一年的销售额最高',
    phrasings: [
      { text: 'Which was our best year for revenue?', language: 'en' },
      { text: 'In which year did we have the highest sales?', language: 'en' },
      { text: '销售额最高的是哪年', language: 'zh' },
    ],
  },
  {
    original: '2024年销售额最高的5个国家',
    phrasings: [
      { text: 'Top 5 countries by revenue in 2024', language: 'en' },
      { text: 'Which five countries bought the most from us in 2024, in dollars?', language: 'en' },
      { text: '2024年营收排名前五的国家', language: 'zh' },
    ],
  },
  {
    original: '哪个流派的曲目销售额最高',
    phrasings: [
      { text: 'Which genre earns the most from track sales?', language: 'en' },
      { text: "What's our top genre by track revenue?", language: 'en' },
      { text: '曲目销售额最高的是哪个风格', language: 'zh' },
    ],
  },
  {
    original: '2024年哪个流派的销售额最低',
    phrasings: [
      { text: 'Which genre had the lowest sales in 2024?', language: 'en' },
      { text: 'Worst-selling genre by revenue in 2024', language: 'en' },
      { text: '2024年卖得钱最少的流派是哪个', language: 'zh' },
    ],
  },
  {
    original: '2022年销量最高的三位艺术家',
    phrasings: [
      { text: 'Top 3 artists by number of tracks sold in 2022', language: 'en' },
      { text: 'Which three artists sold the most tracks in 2022?', language: 'en' },
      { text: '2022年卖出曲目数最多的前三个艺人', language: 'zh' },
    ],
  },
  {
    original: '累计销售额最高的销售代表',
    phrasings: [
      { text: 'Which support rep has the highest sales of all time?', language: 'en' },
      { text: 'Who is our best sales rep by total revenue to date?', language: 'en' },
      { text: '历史上业绩最好的销售代表是谁', language: 'zh' },
    ],
  },
  {
    original: '美国客户的客单价是多少',
    phrasings: [
      { text: "What's the average order value for US customers?", language: 'en' },
      { text: 'AOV of customers in the USA', language: 'en' },
      { text: '美国顾客平均每单花多少钱', language: 'zh' },
    ],
  },
  {
    original: '2024年摇滚乐的平均单价',
    phrasings: [
      { text: 'Average price per Rock track sold in 2024', language: 'en' },
      { text: 'In 2024, what was the average selling price of rock tracks?', language: 'en' },
      { text: '2024年摇滚曲目平均每首卖多少钱', language: 'zh' },
    ],
  },
  {
    original: '累计有多少企业客户下过单',
    phrasings: [
      { text: 'How many business customers have ever placed an order?', language: 'en' },
      { text: 'Total number of corporate customers who have bought from us to date', language: 'en' },
      { text: '一共有多少公司客户买过我们的东西', language: 'zh' },
    ],
  },
  {
    original: '2023年3月到6月的销售额',
    phrasings: [
      { text: 'Revenue from March to June 2023', language: 'en' },
      { text: 'How much did we make in Mar–Jun 2023?', language: 'en' },
      { text: '2023年3至6月的营收', language: 'zh' },
    ],
  },
  {
    original: '2022年至2024年巴西客户的销售额',
    phrasings: [
      { text: 'Revenue from Brazilian customers, 2022 through 2024', language: 'en' },
      { text: 'How much did customers in Brazil spend with us between 2022 and 2024?', language: 'en' },
      { text: '2022年到2024年巴西客户一共贡献了多少销售额', language: 'zh' },
    ],
  },
  {
    original: '2025年第四季度的销售额同比怎么样',
    phrasings: [
      { text: 'How did Q4 2025 revenue compare year over year?', language: 'en' },
      { text: 'Q4 2025 sales YoY', language: 'en' },
      { text: '2025年Q4的营收和去年同期比怎么样', language: 'zh' },
    ],
  },
  {
    original: '2025年第三季度的订单数环比怎么样',
    phrasings: [
      { text: 'How did the number of orders in Q3 2025 compare with the previous quarter?', language: 'en' },
      { text: 'Q3 2025 orders QoQ', language: 'en' },
      { text: '2025年三季度订单量跟二季度比怎么样', language: 'zh' },
    ],
  },
  {
    original: '客单价的走势',
    phrasings: [
      { text: 'How is average order value trending?', language: 'en' },
      { text: 'AOV trend', language: 'en' },
      { text: '平均订单金额的变化趋势', language: 'zh' },
    ],
  },
  {
    original: '为什么2025年12月的销售额比11月下降了',
    phrasings: [
      { text: 'Why did sales drop in December 2025 compared with November?', language: 'en' },
      { text: 'What caused revenue to fall from November to December 2025?', language: 'en' },
      { text: '2025年12月营收比11月少了，原因是什么', language: 'zh' },
    ],
  },
  {
    original: '上个月的订单数是多少',
    phrasings: [
      { text: 'How many orders did we get last month?', language: 'en' },
      { text: "Last month's order count", language: 'en' },
      { text: '上月一共多少单', language: 'zh' },
    ],
  },
  {
    original: '2024年 revenue by country',
    phrasings: [
      { text: 'Revenue by country for 2024', language: 'en' },
      { text: '2024年各国家的销售额', language: 'zh' },
      { text: '2024年每个国家卖了多少钱', language: 'zh' },
    ],
  },
  {
    original: '2023年 top 3 genres by track sales',
    phrasings: [
      { text: 'Top 3 genres by track sales in 2023', language: 'en' },
      { text: 'Which three genres had the highest track revenue in 2023?', language: 'en' },
      { text: '2023年曲目销售额前三的流派', language: 'zh' },
    ],
  },
];
